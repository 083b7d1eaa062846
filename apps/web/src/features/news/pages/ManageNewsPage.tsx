import { PlusOutlined } from "@ant-design/icons";
import { Button, Flex, Typography } from "antd";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { useManagedNewsList } from "../api.ts";
import { EditorsGate } from "../components/EditorsGate.tsx";
import { ManagedNewsTable } from "../components/ManagedNewsTable.tsx";

function ManageNews() {
  const list = useManagedNewsList();
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ margin: 0 }}>
          Управление новостями
        </Typography.Title>
        <RouterButtonLink type="primary" icon={<PlusOutlined />} to={href.addNews()}>
          Добавить новость
        </RouterButtonLink>
      </Flex>
      {list.isError ? (
        <Flex gap="small" align="center">
          <Typography.Text type="secondary">Список новостей не загрузился.</Typography.Text>
          <Button size="small" onClick={() => void list.refetch()}>
            Повторить
          </Button>
        </Flex>
      ) : (
        <ManagedNewsTable items={list.data ?? []} loading={list.isPending} />
      )}
    </Flex>
  );
}

/** /manage-news — editors' list of all news (drafts, scheduled, published). */
export function ManageNewsPage() {
  return <EditorsGate>{() => <ManageNews />}</EditorsGate>;
}
