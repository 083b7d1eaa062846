import { NotificationList } from "../features/notifications/components/NotificationList.tsx";
import { ProfilePage } from "../features/profile/pages/ProfilePage.tsx";

/** /userprofile/:tab?: the profile page with the notifications module's list as its tab. */
export function UserProfileRoute() {
  return <ProfilePage notifications={<NotificationList />} />;
}
