import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { Button, Flex, Popconfirm, Table, type TableColumnsType, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useErrorToast } from "../../../shared/hooks/use-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { type ManagedInstructionRow, useDeleteInstruction, useReorderInstructions } from "../api.ts";
import { audienceText } from "../lib/instruction-form-values.ts";

/** `items` with the one at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

interface InstructionsTableProps {
  items: ManagedInstructionRow[];
  loading: boolean;
  onEdit: (uuid: string) => void;
}

/** Every article in the readers' order: status, audience, last change; move, edit, delete. */
export function InstructionsTable({ items, loading, onEdit }: InstructionsTableProps) {
  const reorder = useReorderInstructions();
  const remove = useDeleteInstruction();
  const done = useSuccessToast();
  const showError = useErrorToast();
  const failed = (error: unknown) => {
    if (!isUnauthorized(error)) showError(errorMessage(error));
  };

  const move = (index: number, to: number) => {
    reorder.mutate(moveItem(items, index, to), { onSuccess: () => done("Порядок сохранён"), onError: failed });
  };
  const removeItem = (item: ManagedInstructionRow) =>
    remove.mutateAsync(item.uuid).then(() => done("Инструкция удалена"), failed);

  const columns: TableColumnsType<ManagedInstructionRow> = [
    {
      key: "order",
      title: "Порядок",
      width: 90,
      render: (_, item, index) => (
        <Flex gap={0}>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={`Выше «${item.title}»`}
            disabled={index === 0}
            onClick={() => move(index, index - 1)}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={`Ниже «${item.title}»`}
            disabled={index === items.length - 1}
            onClick={() => move(index, index + 1)}
          />
        </Flex>
      ),
    },
    {
      key: "title",
      title: "Название",
      render: (_, item) => <Typography.Link onClick={() => onEdit(item.uuid)}>{item.title}</Typography.Link>,
    },
    {
      key: "status",
      title: "Статус",
      width: 130,
      render: (_, item) => (item.published ? <Tag color="green">Опубликована</Tag> : <Tag>Черновик</Tag>),
    },
    { key: "audience", title: "Кому", render: (_, item) => audienceText(item.audience) },
    {
      key: "updated",
      title: "Изменена",
      width: 170,
      render: (_, item) => (
        <Flex vertical gap={2}>
          <span>{dayjs(item.updated_at).format("DD.MM.YYYY HH:mm")}</span>
          {item.updated_by ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.updated_by.name}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: "actions",
      title: "Действия",
      width: 100,
      render: (_, item) => (
        <Flex gap={0}>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            aria-label={`Изменить «${item.title}»`}
            onClick={() => onEdit(item.uuid)}
          />
          <Popconfirm
            title={`Удалить инструкцию «${item.title}»?`}
            description="Её файлы тоже удалятся. Это нельзя отменить."
            okText="Удалить"
            okButtonProps={{ danger: true }}
            cancelText="Отмена"
            onConfirm={() => removeItem(item)}
          >
            <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={`Удалить «${item.title}»`} />
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Table<ManagedInstructionRow>
      rowKey="uuid"
      size="small"
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={false}
      locale={{ emptyText: "Инструкций пока нет. Добавьте первую — её увидят пользователи в справке." }}
      scroll={{ x: true }}
    />
  );
}
