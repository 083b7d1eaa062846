import { PlusOutlined } from "@ant-design/icons";
import { Flex, Typography } from "antd";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { AnnouncementCard } from "../components/AnnouncementCard.tsx";
import { EditorsGate } from "../components/EditorsGate.tsx";
import { SentNotificationsTable } from "../components/SentNotificationsTable.tsx";

/** /manage-notifications — what editors sent, with read counts, and the site-wide announcement. */
export function ManageNotificationsPage() {
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Управление уведомлениями
      </Typography.Title>
      <EditorsGate>
        <Flex vertical gap="large">
          <AnnouncementCard />
          <Flex vertical gap="small">
            <Flex justify="space-between" align="center" wrap gap="small">
              <Typography.Title level={4} style={{ margin: 0 }}>
                Отправленные уведомления
              </Typography.Title>
              <RouterButtonLink type="primary" icon={<PlusOutlined />} to={href.addNotification()}>
                Отправить уведомление
              </RouterButtonLink>
            </Flex>
            <SentNotificationsTable />
          </Flex>
        </Flex>
      </EditorsGate>
    </>
  );
}
