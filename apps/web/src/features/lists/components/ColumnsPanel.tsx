import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { LIST_COLUMNS_MAX, type ListColumn, type ListDetail } from "@nadoy/contract/lists";
import { App, Button, Flex, Space, Table } from "antd";
import { useState } from "react";
import { useErrorToast } from "../../../shared/hooks/use-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { useDeleteColumn, useReorderColumns } from "../api.ts";
import { COLUMN_TYPE_LABELS } from "../lib/cells.ts";
import { ColoredTag } from "./CellView.tsx";
import { ColumnDialog } from "./ColumnDialog.tsx";
import { IconAction } from "./IconAction.tsx";

type Dialog = { column?: ListColumn } | null;

/** The schema of a list or table: add, rename, retype, edit options, reorder and delete columns. */
export function ColumnsPanel({ list }: { list: ListDetail }) {
  const { modal } = App.useApp();
  const showError = useErrorToast();
  const showSuccess = useSuccessToast();
  const [dialog, setDialog] = useState<Dialog>(null);
  const reorder = useReorderColumns(list.uuid);
  const remove = useDeleteColumn(list.uuid);

  const failed = (error: unknown) => {
    if (!isUnauthorized(error)) showError(errorMessage(error));
  };

  const move = (index: number, dir: -1 | 1) => {
    const order = list.columns.map((c) => c.uuid);
    const [uuid] = order.splice(index, 1);
    if (!uuid) return;
    order.splice(index + dir, 0, uuid);
    reorder.mutate(order, { onError: failed });
  };

  const confirmDelete = (column: ListColumn) =>
    modal.confirm({
      title: `Удалить столбец «${column.name}»?`,
      content: "Его данные во всех строках будут потеряны, а поле исчезнет из формы. Это нельзя отменить.",
      okText: "Удалить",
      okButtonProps: { danger: true },
      cancelText: "Отмена",
      onOk: () => remove.mutateAsync(column.uuid).then(() => showSuccess(`Столбец «${column.name}» удалён`), failed),
    });

  return (
    <Flex vertical gap={12}>
      <Flex gap={8}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={list.columns.length >= LIST_COLUMNS_MAX}
          onClick={() => setDialog({})}
        >
          Добавить столбец
        </Button>
      </Flex>
      <Table<ListColumn>
        rowKey="uuid"
        size="small"
        pagination={false}
        dataSource={list.columns}
        locale={{ emptyText: "Столбцов пока нет" }}
        aria-label="Столбцы"
        columns={[
          {
            key: "order",
            title: "Порядок",
            width: 100,
            render: (_: unknown, column, index) => (
              <Space size={0}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={`Столбец «${column.name}» левее`}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={`Столбец «${column.name}» правее`}
                  disabled={index === list.columns.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                />
              </Space>
            ),
          },
          { key: "name", title: "Название", dataIndex: "name" },
          { key: "type", title: "Тип", width: 160, render: (_: unknown, c) => COLUMN_TYPE_LABELS[c.type] },
          {
            key: "options",
            title: "Варианты",
            render: (_: unknown, c) => (
              <Flex gap={4} wrap>
                {c.options.map((o) => (
                  <ColoredTag key={o.name} name={o.name} color={o.color} />
                ))}
              </Flex>
            ),
          },
          {
            key: "actions",
            title: "",
            width: 100,
            render: (_: unknown, column) => (
              <Space size={0}>
                <IconAction
                  tip="Изменить"
                  icon={<EditOutlined />}
                  label={`Изменить столбец «${column.name}»`}
                  onClick={() => setDialog({ column })}
                />
                <IconAction
                  tip="Удалить"
                  danger
                  icon={<DeleteOutlined />}
                  label={`Удалить столбец «${column.name}»`}
                  onClick={() => confirmDelete(column)}
                />
              </Space>
            ),
          },
        ]}
      />
      {dialog ? <ColumnDialog listUuid={list.uuid} column={dialog.column} onClose={() => setDialog(null)} /> : null}
    </Flex>
  );
}
