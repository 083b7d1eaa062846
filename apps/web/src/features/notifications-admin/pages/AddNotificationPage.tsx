import { Typography } from "antd";
import { EditorsGate } from "../components/EditorsGate.tsx";
import { SendNotificationForm } from "../components/SendNotificationForm.tsx";

/** /add-notification — an editor sends a notification to everyone, users, roles or companies. */
export function AddNotificationPage() {
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Добавить уведомление
      </Typography.Title>
      <EditorsGate>
        <SendNotificationForm />
      </EditorsGate>
    </>
  );
}
