import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import type { ListKind, ListSummary } from "@nadoy/contract/lists";
import { canManageLists } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { App, Button, Empty, Flex, Form, Modal, Result, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useErrorToast } from "../../../shared/hooks/use-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useDeleteList, useLists, useRenameList } from "../api.ts";
import { CreateListForm, KIND_WORDS } from "./CreateListForm.tsx";
import { IconAction } from "./IconAction.tsx";
import { ListNameField } from "./ListNameField.tsx";

/** Where a list or table of the catalogue opens. */
export const openHref = (list: Pick<ListSummary, "uuid" | "kind">) =>
  list.kind === "table" ? href.tablesEdit({ table_uuid: list.uuid }) : href.list({ uuid: list.uuid });

const TEXT: Record<ListKind, { empty: string; name: string; deleted: string; confirm: string }> = {
  list: {
    empty: "Списков пока нет",
    name: "Список",
    deleted: "Список удалён",
    confirm: "Все его строки и форма будут удалены без возможности восстановления.",
  },
  table: {
    empty: "Таблиц пока нет",
    name: "Таблица",
    deleted: "Таблица удалена",
    confirm:
      "Все её строки будут удалены без возможности восстановления; отчёты, которые её используют, перестанут работать.",
  },
};

const dateFormat = new Intl.DateTimeFormat("ru-RU", { dateStyle: "short", timeStyle: "short" });

export function RenameDialog({ list, onClose }: { list: ListSummary; onClose: () => void }) {
  const rename = useRenameList();
  const [form] = Form.useForm<{ name: string }>();
  return (
    <Modal
      open
      title="Переименовать"
      okText="Сохранить"
      cancelText="Отмена"
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: rename.isPending }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: list.name }}
        onFinish={({ name }) => rename.mutate({ uuid: list.uuid, name: name.trim() }, { onSuccess: onClose })}
      >
        <ListNameField />
        {rename.error && !isUnauthorized(rename.error) ? (
          <Typography.Text type="danger">{errorMessage(rename.error)}</Typography.Text>
        ) : null}
      </Form>
    </Modal>
  );
}

interface ListsCatalogueProps {
  kind: ListKind;
  user: UserData;
}

/** The caller's lists (or tables): open, create, rename and delete (managers), empty state. */
export function ListsCatalogue({ kind, user }: ListsCatalogueProps) {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const showError = useErrorToast();
  const showSuccess = useSuccessToast();
  const lists = useLists(kind);
  const remove = useDeleteList();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<ListSummary | null>(null);
  const manager = canManageLists(user);
  const text = TEXT[kind];

  const startCreate = () => (kind === "table" ? navigate(href.tablesEdit()) : setCreating(true));

  const confirmDelete = (list: ListSummary) =>
    modal.confirm({
      title: `Удалить «${list.name}»?`,
      content: text.confirm,
      okText: "Удалить",
      okButtonProps: { danger: true },
      cancelText: "Отмена",
      onOk: () =>
        remove.mutateAsync({ uuid: list.uuid, kind }).then(
          () => showSuccess(text.deleted),
          (error: unknown) => {
            if (!isUnauthorized(error)) showError(errorMessage(error));
          },
        ),
    });

  if (lists.isPending) return <PageSpinner text="Загрузка…" />;
  if (lists.isError) {
    return (
      <Result
        status="error"
        title="Не удалось загрузить"
        subTitle={errorMessage(lists.error)}
        extra={<Button onClick={() => void lists.refetch()}>Повторить</Button>}
      />
    );
  }

  const createButton = manager ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={startCreate}>
      {KIND_WORDS[kind].create}
    </Button>
  ) : null;

  return (
    <Flex vertical gap={16}>
      {lists.data.length > 0 ? <Flex gap={8}>{createButton}</Flex> : null}
      {lists.data.length === 0 ? (
        <Empty description={text.empty}>{createButton}</Empty>
      ) : (
        <Table<ListSummary>
          rowKey="uuid"
          dataSource={lists.data}
          pagination={lists.data.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          scroll={{ x: 800 }}
          columns={[
            {
              key: "name",
              title: text.name,
              render: (_: unknown, list) => <RouterLink to={openHref(list)}>{list.name}</RouterLink>,
              sorter: (a, b) => a.name.localeCompare(b.name, "ru"),
            },
            { key: "company", title: "Компания", render: (_: unknown, list) => list.company.name },
            { key: "rows", title: "Строк", dataIndex: "row_count", width: 90, align: "right" },
            { key: "columns", title: "Столбцов", dataIndex: "column_count", width: 100, align: "right" },
            ...(kind === "list"
              ? [
                  {
                    key: "form",
                    title: "Форма",
                    width: 150,
                    render: (_: unknown, list: ListSummary) =>
                      list.form_link ? (
                        <a href={href.feedbackForm({ uuid: list.form_link })} target="_blank" rel="noopener noreferrer">
                          <Tag color="green">Опубликована</Tag>
                        </a>
                      ) : null,
                  },
                ]
              : []),
            {
              key: "updated",
              title: "Изменён",
              width: 150,
              render: (_: unknown, list) => dateFormat.format(new Date(list.updated_at)),
            },
            ...(manager
              ? [
                  {
                    key: "actions",
                    title: "",
                    width: 100,
                    render: (_: unknown, list: ListSummary) => (
                      <Space size={0}>
                        <IconAction
                          tip="Переименовать"
                          icon={<EditOutlined />}
                          label={`Переименовать «${list.name}»`}
                          onClick={() => setRenaming(list)}
                        />
                        <IconAction
                          tip="Удалить"
                          danger
                          icon={<DeleteOutlined />}
                          label={`Удалить «${list.name}»`}
                          onClick={() => confirmDelete(list)}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {creating ? (
        <Modal open title="Новый список" footer={null} onCancel={() => setCreating(false)} destroyOnHidden width={640}>
          <CreateListForm
            kind={kind}
            companies={user.user_companies}
            onCancel={() => setCreating(false)}
            onCreated={(list) => {
              setCreating(false);
              navigate(openHref(list));
            }}
          />
        </Modal>
      ) : null}
      {renaming ? <RenameDialog list={renaming} onClose={() => setRenaming(null)} /> : null}
    </Flex>
  );
}
