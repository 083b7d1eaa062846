import { MoreOutlined, PlusOutlined, WarningOutlined } from "@ant-design/icons";
import { type BoardGroup, isNearCapacity, TASK_TITLE_MAX } from "@nadoy/contract/boards";
import { Button, Dropdown, Flex, Input, type MenuProps, Typography, theme } from "antd";
import { type ReactNode, useState } from "react";
import { useColumnDrag, useColumnDrop } from "./BoardDnd.tsx";

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
  /** The column may be dragged by its header (managers); cards dropped below its last card go to its end. */
  draggable: boolean;
  /** Its width: a fixed one on wide screens, most of the screen on a phone. */
  width: string;
  children: ReactNode;
}

/** A group as a column: header (name, count, capacity warning, actions), its cards, quick add. */
export function BoardColumn(props: BoardColumnProps) {
  const { group, capacity, onRename, onDelete, onMoveLeft, onMoveRight, onQuickAdd } = props;
  const { token } = theme.useToken();
  const count = group.tasks.length;
  const drag = useColumnDrag(group, props.draggable);
  const drop = useColumnDrop(group);
  const items: MenuProps["items"] = [
    ...(onRename ? [{ key: "rename", label: "Переименовать", onClick: () => onRename(group) }] : []),
    ...(onMoveLeft ? [{ key: "left", label: "Сдвинуть влево", onClick: () => onMoveLeft(group) }] : []),
    ...(onMoveRight ? [{ key: "right", label: "Сдвинуть вправо", onClick: () => onMoveRight(group) }] : []),
    ...(onDelete ? [{ key: "delete", danger: true, label: "Удалить колонку", onClick: () => onDelete(group) }] : []),
  ];

  return (
    <section
      ref={drag.setNodeRef}
      aria-label={group.name}
      data-group-id={group.id}
      style={{
        ...drag.style,
        flex: `0 0 ${props.width}`,
        scrollSnapAlign: "start",
        display: "flex",
        flexDirection: "column",
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadiusLG,
        padding: 8,
        maxHeight: "calc(100vh - 220px)",
      }}
    >
      {/* The column's drag handle (mouse, touch hold, Space); its menu has «Сдвинуть влево / вправо» too. */}
      <div ref={drag.setHandleRef} {...drag.handleProps} style={{ ...drag.handleStyle, marginBottom: 8 }}>
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
        ref={drop.setNodeRef}
        aria-label={`Задачи: ${group.name}`}
        style={{
          outline: drop.over ? `2px dashed ${token.colorPrimaryBorder}` : undefined,
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
