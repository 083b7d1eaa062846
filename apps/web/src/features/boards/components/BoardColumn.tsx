import { MoreOutlined, PlusOutlined, WarningOutlined } from "@ant-design/icons";
import { type BoardGroup, isNearCapacity, TASK_TITLE_MAX } from "@nadoy/contract/boards";
import { Button, Dropdown, Flex, Input, type MenuProps, Typography, theme } from "antd";
import { type DragEvent, type ReactNode, useState } from "react";

export interface ColumnActions {
  onRename?: (group: BoardGroup) => void;
  onDelete?: (group: BoardGroup) => void;
  onMoveLeft?: (group: BoardGroup) => void;
  onMoveRight?: (group: BoardGroup) => void;
  onQuickAdd?: (group: BoardGroup, title: string) => Promise<unknown>;
}

interface BoardColumnProps extends ColumnActions {
  group: BoardGroup;
  capacity: number;
  /** The column may be dragged by its header (managers). */
  draggable: boolean;
  onHeaderDragStart: (event: DragEvent<HTMLElement>) => void;
  onHeaderDragOver: (event: DragEvent<HTMLElement>) => void;
  onHeaderDrop: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  /** Cards dropped on the column's free space go to its end. */
  onBodyDragOver: (event: DragEvent<HTMLElement>) => void;
  onBodyDrop: (event: DragEvent<HTMLElement>) => void;
  children: ReactNode;
}

/** A group as a column: header (name, count, capacity warning, actions), its cards, quick add. */
export function BoardColumn(props: BoardColumnProps) {
  const { group, capacity, onRename, onDelete, onMoveLeft, onMoveRight, onQuickAdd } = props;
  const { token } = theme.useToken();
  const count = group.tasks.length;
  const items: MenuProps["items"] = [
    ...(onRename ? [{ key: "rename", label: "Переименовать", onClick: () => onRename(group) }] : []),
    ...(onMoveLeft ? [{ key: "left", label: "Сдвинуть влево", onClick: () => onMoveLeft(group) }] : []),
    ...(onMoveRight ? [{ key: "right", label: "Сдвинуть вправо", onClick: () => onMoveRight(group) }] : []),
    ...(onDelete ? [{ key: "delete", danger: true, label: "Удалить колонку", onClick: () => onDelete(group) }] : []),
  ];

  return (
    <section
      aria-label={group.name}
      data-group-id={group.id}
      style={{
        flex: "0 0 280px",
        display: "flex",
        flexDirection: "column",
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadiusLG,
        padding: 8,
        maxHeight: "calc(100vh - 220px)",
      }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drag handle of the column; the keyboard way is its menu (Сдвинуть влево / вправо) */}
      <div
        draggable={props.draggable}
        onDragStart={props.onHeaderDragStart}
        onDragEnd={props.onDragEnd}
        onDragOver={props.onHeaderDragOver}
        onDrop={props.onHeaderDrop}
        style={{ cursor: props.draggable ? "grab" : undefined, marginBottom: 8 }}
      >
        <Flex justify="space-between" align="center" gap={4}>
          <Typography.Title level={5} style={{ margin: 0, wordBreak: "break-word" }}>
            {group.name}{" "}
            <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
              {count}
            </Typography.Text>
          </Typography.Title>
          {items.length > 0 ? (
            <Dropdown menu={{ items }} trigger={["click"]}>
              <Button
                size="small"
                type="text"
                icon={<MoreOutlined />}
                aria-label={`Колонка «${group.name}»: действия`}
              />
            </Dropdown>
          ) : null}
        </Flex>
        {isNearCapacity(count, capacity) ? (
          <Typography.Text type={count >= capacity ? "danger" : "warning"} role="status" style={{ fontSize: 12 }}>
            <WarningOutlined aria-hidden /> Заполнено {count} из {capacity}
          </Typography.Text>
        ) : null}
      </div>
      <ul
        aria-label={`Задачи: ${group.name}`}
        onDragOver={props.onBodyDragOver}
        onDrop={props.onBodyDrop}
        style={{
          display: "flex",
          flexDirection: "column",
          gap: 8,
          overflowY: "auto",
          minHeight: 40,
          flex: 1,
          listStyle: "none",
          margin: 0,
          padding: 0,
        }}
      >
        {props.children}
      </ul>
      {onQuickAdd ? <QuickAdd group={group} onAdd={onQuickAdd} /> : null}
    </section>
  );
}

function QuickAdd({
  group,
  onAdd,
}: {
  group: BoardGroup;
  onAdd: (group: BoardGroup, title: string) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <Button type="text" icon={<PlusOutlined />} onClick={() => setOpen(true)} style={{ marginTop: 8 }} block>
        Добавить задачу
      </Button>
    );
  }
  const submit = () => {
    const text = title.trim();
    if (!text || busy) return;
    setBusy(true);
    onAdd(group, text).then(
      () => {
        setTitle("");
        setBusy(false);
      },
      () => setBusy(false),
    );
  };
  return (
    <Flex vertical gap={4} style={{ marginTop: 8 }}>
      <Input
        autoFocus
        aria-label={`Новая задача в колонке «${group.name}»`}
        placeholder="Название задачи"
        maxLength={TASK_TITLE_MAX}
        value={title}
        disabled={busy}
        onChange={(event) => setTitle(event.target.value)}
        onPressEnter={submit}
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpen(false);
        }}
      />
      <Flex gap={4}>
        <Button type="primary" size="small" onClick={submit} loading={busy}>
          Добавить
        </Button>
        <Button size="small" onClick={() => setOpen(false)}>
          Отмена
        </Button>
      </Flex>
    </Flex>
  );
}
