import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import type { ListDetail } from "@nadoy/contract/lists";
import { App, Button, Flex, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useErrorToast } from "../../../shared/hooks/use-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { useDeleteList } from "../api.ts";
import { RenameDialog } from "./ListsCatalogue.tsx";

/** The list's name and company; rename and delete for managers. */
export function ListHeader({ list }: { list: ListDetail }) {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const showError = useErrorToast();
  const showSuccess = useSuccessToast();
  const remove = useDeleteList();
  const [renaming, setRenaming] = useState(false);
  const table = list.kind === "table";

  const confirmDelete = () =>
    modal.confirm({
      title: `Удалить «${list.name}»?`,
      content: table
        ? "Все строки таблицы будут удалены без возможности восстановления."
        : "Все строки списка и его форма будут удалены без возможности восстановления.",
      okText: "Удалить",
      okButtonProps: { danger: true },
      cancelText: "Отмена",
      onOk: () =>
        remove.mutateAsync({ uuid: list.uuid, kind: list.kind }).then(
          () => {
            showSuccess(table ? "Таблица удалена" : "Список удалён");
            navigate(table ? href.tables() : href.lists(), { replace: true });
          },
          (error: unknown) => {
            if (!isUnauthorized(error)) showError(errorMessage(error));
          },
        ),
    });

  return (
    <Flex gap={8} align="center" wrap justify="space-between" style={{ marginBottom: 8 }}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {list.name}
        </Typography.Title>
        <Typography.Text type="secondary">{list.company.name}</Typography.Text>
      </div>
      {list.can_manage ? (
        <Flex gap={8}>
          <Button icon={<EditOutlined />} onClick={() => setRenaming(true)}>
            Переименовать
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
            Удалить
          </Button>
        </Flex>
      ) : null}
      {renaming ? <RenameDialog list={list} onClose={() => setRenaming(false)} /> : null}
    </Flex>
  );
}
