import { DeleteOutlined } from "@ant-design/icons";
import {
  type BoardState,
  type BoardTag,
  TASK_CHECKLIST_ITEM_MAX,
  TASK_COMMENT_MAX,
  TASK_TITLE_MAX,
  type TaskCard,
  type TaskDetail,
} from "@nadoy/contract/boards";
import { Button, Checkbox, DatePicker, Descriptions, Flex, Input, List, Result, Select, Typography } from "antd";
import dayjs from "dayjs";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useErrorToast } from "../../../shared/hooks/use-error-toast.ts";
import { errorMessage, isApiRequestError, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { subscribeToMainMessages } from "../../../shared/realtime/main-messages.ts";
import { ColorTag } from "../../../shared/ui/ColorTag.tsx";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { type TaskPatch, useAddComment, useDeleteComment, useTask, useUpdateTask } from "../api.ts";
import { formatDueDate, isOverdue } from "../board-view.ts";
import { DescriptionEditor } from "./DescriptionEditor.tsx";
import { nameOf, PersonAvatars } from "./PersonAvatars.tsx";
import { TaskAttachments } from "./TaskAttachments.tsx";

/** A tag typed for the first time gets this colour. */
const NEW_TAG_COLOR = "#1677ff";
const dateTime = new Intl.DateTimeFormat("ru-RU", { dateStyle: "short", timeStyle: "short" });

interface TaskDetailViewProps {
  uuid: string;
  /** The board (projects, members, tags in use); undefined while it loads. */
  board: BoardState | undefined;
  /** The card as the live board has it: a newer version refetches the task. */
  liveCard?: TaskCard;
  userId: number;
  /** Roles 1–5 and superusers delete anyone's comment. */
  canModerateComments: boolean;
  /** Shown as «Удалить задачу» when the user may edit. */
  onDelete?: (detail: TaskDetail) => void;
  /** Extra buttons beside the title (the drawer's «Открыть страницей» ...). */
  extra?: ReactNode;
}

/**
 * /tasks/:uuid and the board's drawer: title, description, project, assignees, due date, tags,
 * checklist, files, comments. Every edit is a PATCH of the task. It keeps up to date by itself: a newer
 * card on the live board or a BRD_TASK_UPDATED hint of the main socket with a higher `version`
 * refetches it; BRD_TASK_DELETED shows «Задача удалена».
 */
export function TaskDetailView({
  uuid,
  board,
  liveCard,
  userId,
  canModerateComments,
  onDelete,
  extra,
}: TaskDetailViewProps) {
  const task = useTask(uuid);
  const [deleted, setDeleted] = useState(false);
  const detail = task.data;
  const version = detail?.task.version ?? 0;
  const taskId = detail?.task.id;
  const { refetch } = task;

  useEffect(
    () =>
      subscribeToMainMessages((message) => {
        if (message.msg_type === "BRD_TASK_UPDATED" && message.task.uuid === uuid && message.task.version > version)
          void refetch();
        if (message.msg_type === "BRD_TASK_DELETED" && message.task_id === taskId) setDeleted(true);
      }),
    [uuid, version, taskId, refetch],
  );

  useEffect(() => {
    if (liveCard && liveCard.version > version && version > 0) void refetch();
  }, [liveCard, version, refetch]);

  if (deleted) return <Result status="warning" title="Задача удалена" />;
  if (detail) {
    return (
      <TaskDetailBody
        detail={detail}
        board={board}
        userId={userId}
        canModerateComments={canModerateComments}
        onDelete={onDelete}
        extra={extra}
      />
    );
  }
  if (task.isPending) return <PageSpinner text="Загрузка…" />;
  const status = isApiRequestError(task.error) ? task.error.status : 0;
  if (status === 404 || status === 400) {
    return <Result status="404" title="Задача не найдена" subTitle="Такой задачи нет или у вас нет к ней доступа." />;
  }
  return (
    <Result
      status="error"
      title="Не удалось загрузить"
      subTitle={errorMessage(task.error)}
      extra={<Button onClick={() => void task.refetch()}>Повторить</Button>}
    />
  );
}

function TaskDetailBody({
  detail,
  board,
  userId,
  canModerateComments,
  onDelete,
  extra,
}: Omit<TaskDetailViewProps, "uuid" | "liveCard"> & { detail: TaskDetail }) {
  const { task } = detail;
  const update = useUpdateTask(task.uuid);
  const showError = useErrorToast();
  const editable = detail.can_edit;
  const members = useMemo(() => new Map((board?.members ?? []).map((m) => [m.id, m])), [board?.members]);
  const project = board?.projects.find((p) => p.uuid === task.project);
  const knownTags = useMemo(() => {
    const tags = new Map<string, BoardTag>();
    for (const group of board?.groups ?? [])
      for (const card of group.tasks) for (const tag of card.tags) tags.set(tag.name, tag);
    for (const tag of task.tags) tags.set(tag.name, tag);
    return tags;
  }, [board?.groups, task.tags]);

  const save = (patch: TaskPatch) =>
    update.mutateAsync(patch).catch((error: unknown) => {
      if (!isUnauthorized(error)) showError(errorMessage(error));
      throw error;
    });
  const saveQuietly = (patch: TaskPatch) => void save(patch).catch(() => undefined);

  const fields: { key: string; label: string; children: ReactNode }[] = [
    {
      key: "project",
      label: "Проект",
      children: editable ? (
        <Select
          aria-label="Проект"
          allowClear
          placeholder="Без проекта"
          style={{ width: "100%" }}
          value={task.project ?? undefined}
          onChange={(value: string | undefined) => saveQuietly({ project_uuid: value ?? null })}
          options={(board?.projects ?? []).map((p) => ({ value: p.uuid, label: p.name }))}
        />
      ) : project ? (
        <ColorTag color={project.color}>{project.name}</ColorTag>
      ) : (
        "—"
      ),
    },
    {
      key: "assignees",
      label: "Исполнители",
      children: editable ? (
        <Select
          aria-label="Исполнители"
          mode="multiple"
          style={{ width: "100%" }}
          placeholder="Не назначены"
          value={task.assignee_ids}
          optionFilterProp="label"
          onChange={(ids: number[]) => saveQuietly({ assignee_ids: ids })}
          options={(board?.members ?? []).map((m) => ({ value: m.id, label: m.name || m.username }))}
        />
      ) : task.assignee_ids.length > 0 ? (
        <Flex gap={8} align="center" wrap>
          <PersonAvatars ids={task.assignee_ids} members={members} label="Исполнители" />
          {task.assignee_ids.map((id) => nameOf(members, id)).join(", ")}
        </Flex>
      ) : (
        "Не назначены"
      ),
    },
    {
      key: "due",
      label: "Срок",
      children: editable ? (
        <DatePicker
          aria-label="Срок"
          format="DD.MM.YYYY"
          value={task.due_date ? dayjs(task.due_date, "YYYY-MM-DD") : null}
          onChange={(date) => saveQuietly({ due_date: date ? date.format("YYYY-MM-DD") : null })}
          status={isOverdue(task.due_date) ? "error" : undefined}
        />
      ) : task.due_date ? (
        <Typography.Text type={isOverdue(task.due_date) ? "danger" : undefined}>
          {formatDueDate(task.due_date)}
        </Typography.Text>
      ) : (
        "—"
      ),
    },
    {
      key: "tags",
      label: "Метки",
      children: editable ? (
        <Select
          aria-label="Метки"
          mode="tags"
          style={{ width: "100%" }}
          placeholder="Без меток"
          value={task.tags.map((t) => t.name)}
          onChange={(names: string[]) =>
            saveQuietly({
              tags: names
                .map((name) => name.trim())
                .filter(Boolean)
                .map((name) => knownTags.get(name) ?? { name, color: NEW_TAG_COLOR }),
            })
          }
          options={[...knownTags.values()].map((t) => ({ value: t.name, label: t.name }))}
        />
      ) : task.tags.length > 0 ? (
        task.tags.map((tag) => (
          <ColorTag key={tag.name} color={tag.color}>
            {tag.name}
          </ColorTag>
        ))
      ) : (
        "—"
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="start" gap={8}>
        <Typography.Title
          level={3}
          style={{ margin: 0, flex: 1 }}
          editable={
            editable
              ? {
                  maxLength: TASK_TITLE_MAX,
                  triggerType: ["icon", "text"],
                  onChange: (value) => {
                    const title = value.trim();
                    if (title && title !== task.title) saveQuietly({ title });
                  },
                }
              : false
          }
        >
          {task.title}
        </Typography.Title>
        <Flex gap={8}>
          {extra}
          {editable && onDelete ? (
            <Button danger icon={<DeleteOutlined />} onClick={() => onDelete(detail)}>
              Удалить задачу
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <Typography.Text type="secondary">
        {detail.board.name} · {detail.group_name}
        {detail.created_by ? ` · создал(а) ${detail.created_by.name || detail.created_by.username}` : ""},{" "}
        {dateTime.format(new Date(detail.created_at))}
      </Typography.Text>
      <Descriptions column={1} size="small" bordered items={fields} />
      <section aria-label="Описание задачи">
        <Typography.Title level={5}>Описание</Typography.Title>
        <DescriptionEditor
          html={detail.description}
          editable={editable}
          onSave={(description) => save({ description })}
        />
      </section>
      <Checklist detail={detail} editable={editable} onSave={(checklist) => saveQuietly({ checklist })} />
      <TaskAttachments detail={detail} />
      <Comments detail={detail} userId={userId} canModerate={canModerateComments} />
    </Flex>
  );
}

function Checklist({
  detail,
  editable,
  onSave,
}: {
  detail: TaskDetail;
  editable: boolean;
  onSave: (checklist: TaskDetail["checklist"]) => void;
}) {
  const [text, setText] = useState("");
  const items = detail.checklist;
  const done = items.filter((i) => i.done).length;
  const add = () => {
    const value = text.trim();
    if (!value) return;
    onSave([...items, { text: value, done: false }]);
    setText("");
  };
  return (
    <section aria-label="Чек-лист">
      <Typography.Title level={5}>Чек-лист {items.length > 0 ? `${done}/${items.length}` : ""}</Typography.Title>
      <Flex vertical gap={4}>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: checklist items have no id; their place is their identity
          <Flex key={index} align="center" gap={8}>
            <Checkbox
              checked={item.done}
              disabled={!editable}
              onChange={(event) =>
                onSave(items.map((it, i) => (i === index ? { ...it, done: event.target.checked } : it)))
              }
            >
              {item.text}
            </Checkbox>
            {editable ? (
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`Удалить пункт «${item.text}»`}
                onClick={() => onSave(items.filter((_, i) => i !== index))}
              />
            ) : null}
          </Flex>
        ))}
        {editable ? (
          <Flex gap={8}>
            <Input
              aria-label="Новый пункт чек-листа"
              placeholder="Новый пункт"
              maxLength={TASK_CHECKLIST_ITEM_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onPressEnter={add}
            />
            <Button onClick={add}>Добавить пункт</Button>
          </Flex>
        ) : null}
      </Flex>
    </section>
  );
}

function Comments({ detail, userId, canModerate }: { detail: TaskDetail; userId: number; canModerate: boolean }) {
  const uuid = detail.task.uuid;
  const add = useAddComment(uuid);
  const remove = useDeleteComment(uuid);
  const showError = useErrorToast();
  const [text, setText] = useState("");
  const failed = (error: unknown) => {
    if (!isUnauthorized(error)) showError(errorMessage(error));
  };
  const send = () => {
    const content = text.trim();
    if (!content) return;
    add.mutate(content, { onSuccess: () => setText(""), onError: failed });
  };
  return (
    <section aria-label="Комментарии">
      <Typography.Title level={5}>
        Комментарии {detail.comments.length > 0 ? detail.comments.length : ""}
      </Typography.Title>
      <List
        dataSource={detail.comments}
        locale={{ emptyText: "Комментариев пока нет" }}
        renderItem={(comment) => (
          <List.Item
            extra={
              comment.author.id === userId || canModerate ? (
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label="Удалить комментарий"
                  onClick={() => remove.mutate(comment.id, { onError: failed })}
                />
              ) : null
            }
          >
            <List.Item.Meta
              title={
                <Flex gap={8}>
                  {comment.author.name || comment.author.username}
                  <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                    {dateTime.format(new Date(comment.date))}
                  </Typography.Text>
                </Flex>
              }
              description={<span style={{ whiteSpace: "pre-wrap" }}>{comment.content}</span>}
            />
          </List.Item>
        )}
      />
      {detail.can_edit ? (
        <Flex vertical gap={8} style={{ marginTop: 8 }}>
          <Input.TextArea
            aria-label="Новый комментарий"
            placeholder="Написать комментарий"
            maxLength={TASK_COMMENT_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <div>
            <Button type="primary" onClick={send} loading={add.isPending}>
              Отправить
            </Button>
          </div>
        </Flex>
      ) : null}
    </section>
  );
}
