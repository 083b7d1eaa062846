import { CheckSquareOutlined, MessageOutlined, MoreOutlined, PaperClipOutlined } from "@ant-design/icons";
import type { BoardProject, BoardUser, TaskCard } from "@nadoy/contract/boards";
import { Button, Card, Dropdown, Flex, type MenuProps, Typography } from "antd";
import { href } from "../../../shared/routes/href.ts";
import { ColorTag } from "../../../shared/ui/ColorTag.tsx";
import { formatDueDate, isOverdue } from "../board-view.ts";
import { useTaskDrag } from "./BoardDnd.tsx";
import { PersonAvatars } from "./PersonAvatars.tsx";

export interface TaskCardActions {
  onOpen: (task: TaskCard) => void;
  /** «Переместить в…» (the keyboard and menu alternative to dragging). */
  onMoveRequest?: (task: TaskCard) => void;
  onDelete?: (task: TaskCard) => void;
  /** Admins: close the task for whoever has it open. */
  onForceClose?: (task: TaskCard) => void;
}

interface TaskCardViewProps extends TaskCardActions {
  task: TaskCard;
  project: BoardProject | undefined;
  members: ReadonlyMap<number, BoardUser>;
  /** Other users who have this task open. */
  openers: readonly number[];
  /** The column it is shown in. */
  groupId: number;
  /** It may be dragged (mouse, touch hold, keyboard; BoardDnd) by those who may edit. */
  draggable: boolean;
}

/**
 * One card: title (opens the task), project colour, tags, due date (red when overdue), checklist
 * x/y, comment and file counts, assignees' initials, who has it open. Draggable for those who may edit:
 * the whole card is the handle (focus it and press Space to move it by keyboard).
 */
export function TaskCardView(props: TaskCardViewProps) {
  const { task, project, members, openers, onOpen, onMoveRequest, onDelete, onForceClose } = props;
  const overdue = isOverdue(task.due_date);
  const drag = useTaskDrag(task, props.groupId, props.draggable);
  const items: MenuProps["items"] = [
    ...(onMoveRequest ? [{ key: "move", label: "Переместить в…", onClick: () => onMoveRequest(task) }] : []),
    ...(onForceClose && openers.length > 0
      ? [{ key: "close", label: "Закрыть у пользователя", onClick: () => onForceClose(task) }]
      : []),
    ...(onDelete ? [{ key: "delete", danger: true, label: "Удалить", onClick: () => onDelete(task) }] : []),
  ];

  return (
    <li
      ref={drag.setNodeRef}
      {...drag.handleProps}
      aria-label={task.title}
      data-task-id={task.id}
      style={{ ...drag.style, ...drag.handleStyle }}
    >
      <Card
        size="small"
        styles={{ body: { padding: 8 } }}
        style={{ borderLeft: `4px solid ${project?.color ?? "transparent"}` }}
      >
        <Flex justify="space-between" align="start" gap={4}>
          <Typography.Link
            href={href.task({ uuid: task.uuid })}
            onClick={(event) => {
              if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              onOpen(task);
            }}
            style={{ wordBreak: "break-word" }}
          >
            {task.title}
          </Typography.Link>
          {items.length > 0 ? (
            <Dropdown menu={{ items }} trigger={["click"]}>
              <Button size="small" type="text" icon={<MoreOutlined />} aria-label={`Действия: ${task.title}`} />
            </Dropdown>
          ) : null}
        </Flex>
        {project || task.tags.length > 0 ? (
          <Flex wrap gap={4} style={{ marginTop: 6 }}>
            {project ? (
              <ColorTag color={project.color} style={{ marginInlineEnd: 0 }}>
                {project.name}
              </ColorTag>
            ) : null}
            {task.tags.map((tag) => (
              <ColorTag key={tag.name} color={tag.color} variant="filled" style={{ marginInlineEnd: 0 }}>
                {tag.name}
              </ColorTag>
            ))}
          </Flex>
        ) : null}
        <Flex wrap align="center" gap={8} style={{ marginTop: 6, fontSize: 12 }}>
          {task.due_date ? (
            <Typography.Text
              type={overdue ? "danger" : "secondary"}
              style={{ fontSize: 12 }}
              title={overdue ? "Срок прошёл" : "Срок"}
            >
              {formatDueDate(task.due_date)}
            </Typography.Text>
          ) : null}
          {task.checklist_total > 0 ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} title="Чек-лист">
              <CheckSquareOutlined aria-hidden /> {task.checklist_done}/{task.checklist_total}
            </Typography.Text>
          ) : null}
          {task.comments_count > 0 ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} title="Комментарии">
              <MessageOutlined aria-hidden /> {task.comments_count}
            </Typography.Text>
          ) : null}
          {task.attachments_count > 0 ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} title="Вложения">
              <PaperClipOutlined aria-hidden /> {task.attachments_count}
            </Typography.Text>
          ) : null}
          <span style={{ marginInlineStart: "auto" }}>
            <PersonAvatars ids={task.assignee_ids} members={members} label="Исполнители" />
          </span>
        </Flex>
        {openers.length > 0 ? (
          <Flex align="center" gap={4} style={{ marginTop: 6, fontSize: 12 }}>
            <Typography.Text type="warning" style={{ fontSize: 12 }}>
              Открыта:
            </Typography.Text>
            <PersonAvatars ids={openers} members={members} label="Открыта у" />
          </Flex>
        ) : null}
      </Card>
    </li>
  );
}
