import { Typography } from "antd";
import { NotificationList } from "../components/NotificationList.tsx";

/** /user-pages/notifications: every notification of the user, with dismiss and «Очистить все». */
export function NotificationsPage() {
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Уведомления
      </Typography.Title>
      <NotificationList />
    </>
  );
}
