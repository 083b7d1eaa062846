import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { Button, Flex, Popconfirm } from "antd";

/** «Изменить» and «Удалить» (after a confirmation) for a row of the admins' report and group tables. */
export function RowActions({
  title,
  confirm,
  onEdit,
  onDelete,
}: {
  /** The row's name, in the buttons' labels. */
  title: string;
  /** The confirmation's question and what deleting means. */
  confirm: { title: string; description: string };
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}) {
  return (
    <Flex gap={0} align="center">
      <Button size="small" type="link" icon={<EditOutlined />} aria-label={`Изменить «${title}»`} onClick={onEdit} />
      <Popconfirm
        title={confirm.title}
        description={confirm.description}
        okText="Удалить"
        okButtonProps={{ danger: true }}
        cancelText="Отмена"
        onConfirm={onDelete}
      >
        <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={`Удалить «${title}»`} />
      </Popconfirm>
    </Flex>
  );
}
