import type { BoardGroup, TaskCard } from "@nadoy/contract/boards";
import { Form, Modal, Select } from "antd";
import { useState } from "react";

const END = "end";

/**
 * «Переместить в…»: the keyboard and menu alternative to dragging a card — a column and the card
 * it goes before (or the end of the column).
 */
export function MoveTaskDialog({
  task,
  groups,
  onMove,
  onClose,
}: {
  task: TaskCard;
  groups: readonly BoardGroup[];
  onMove: (group: BoardGroup, beforeId: number | null) => void;
  onClose: () => void;
}) {
  const [groupId, setGroupId] = useState(task.group);
  const [before, setBefore] = useState<string>(END);
  const group = groups.find((g) => g.id === groupId);
  const others = (group?.tasks ?? []).filter((t) => t.id !== task.id);
  return (
    <Modal
      open
      title={`Переместить «${task.title}»`}
      okText="Переместить"
      cancelText="Отмена"
      onCancel={onClose}
      onOk={() => {
        if (!group) return;
        onMove(group, before === END ? null : Number(before));
        onClose();
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Колонка" htmlFor="move-task-group">
          <Select
            id="move-task-group"
            aria-label="Колонка"
            value={groupId}
            onChange={(value: number) => {
              setGroupId(value);
              setBefore(END);
            }}
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
          />
        </Form.Item>
        <Form.Item label="Место" htmlFor="move-task-before">
          <Select
            id="move-task-before"
            aria-label="Место"
            value={before}
            onChange={setBefore}
            options={[
              ...others.map((t) => ({ value: String(t.id), label: `Перед «${t.title}»` })),
              { value: END, label: "В конец колонки" },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
