import { Spin } from "antd";
import { lazy, Suspense } from "react";
import { NotificationList } from "../features/notifications/components/NotificationList.tsx";
import { ProfilePage } from "../features/profile/pages/ProfilePage.tsx";

// The herd pages' chunk only when the tab is opened.
const DatasetsView = lazy(() =>
  import("../features/herd/components/DatasetsView.tsx").then((m) => ({ default: m.DatasetsView })),
);

/** /userprofile/:tab?: the profile page with the notifications list and the herd datasets as its tabs. */
export function UserProfileRoute() {
  return (
    <ProfilePage
      notifications={<NotificationList />}
      datasets={
        <Suspense fallback={<Spin />}>
          <DatasetsView />
        </Suspense>
      }
    />
  );
}
