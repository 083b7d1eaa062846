import { ExportOutlined, PlusOutlined, TagsOutlined } from "@ant-design/icons";
import { findTask } from "@nadoy/contract/board-state";
import {
  BOARD_GROUP_NAME_MAX,
  type BoardGroup,
  type BoardState,
  type TaskCard,
  type TaskDetail,
} from "@nadoy/contract/boards";
import { canForceCloseTasks, canManageBoards } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { useMutationState } from "@tanstack/react-query";
import { Alert, App, Button, Drawer, Flex, Grid, Result, Tag, Tooltip, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { TOAST_KEY, useErrorToast } from "../../../shared/hooks/use-error-toast.ts";
import { errorMessage, isApiRequestError, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { readAccessToken } from "../../../shared/lib/browser-storage.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import {
  type GroupMove,
  moveGroupKey,
  moveTaskKey,
  type TaskMove,
  useCreateGroup,
  useCreateTask,
  useDeleteGroup,
  useMoveGroup,
  useMoveTask,
  useRenameGroup,
} from "../api.ts";
import { openersByTask, withPendingMoves } from "../board-view.ts";
import { useBoardLive } from "../use-board-live.ts";
import { BoardColumn } from "./BoardColumn.tsx";
import { BoardDnd, SortableTasks } from "./BoardDnd.tsx";
import { ColumnsStrip } from "./ColumnsStrip.tsx";
import { MoveTaskDialog } from "./MoveTaskDialog.tsx";
import { NameDialog } from "./NameDialog.tsx";
import { PersonAvatars } from "./PersonAvatars.tsx";
import { ProjectsDialog } from "./ProjectsDialog.tsx";
import { TaskCardView } from "./TaskCardView.tsx";
import { TaskDetailView } from "./TaskDetailView.tsx";

/** The query parameter of the task open in the drawer: /workspace/<ws>?board=<board>&task=<task uuid>. */
export const TASK_PARAM = "task";

/** The board (spec §3 "Task-board state"), live through its socket. */
export function BoardView({ boardUuid, user }: { boardUuid: string; user: UserData }) {
  const [params, setParams] = useSearchParams();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const openTaskUuid = params.get(TASK_PARAM);
  const closeTask = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TASK_PARAM);
        return next;
      },
      { replace: true },
    );
  const live = useBoardLive(boardUuid, user.id, {
    onAdminClose: (event) => {
      closeTask();
      void message.warning({ content: `Администратор ${event.by_name} закрыл задачу`, key: TOAST_KEY, duration: 3 });
    },
    onTaskDeleted: (taskId) => {
      if (openTaskId !== null && taskId === openTaskId) {
        closeTask();
        void message.info({ content: "Задача удалена", key: TOAST_KEY, duration: 3 });
      }
    },
    onError: (text) => showError(text),
  });
  const state = live.board.data;
  const openTask =
    state && openTaskUuid ? state.groups.flatMap((g) => g.tasks).find((t) => t.uuid === openTaskUuid) : undefined;
  const openTaskId = openTask?.id ?? null;
  const { setOpenTask } = live;

  useEffect(() => {
    setOpenTask(openTaskId);
  }, [openTaskId, setOpenTask]);
  useEffect(() => () => setOpenTask(null), [setOpenTask]);

  if (live.status === "not_found") return <BoardMissing />;
  if (live.status === "access_revoked") return <BoardRevoked />;
  if (!state) {
    if (live.board.isPending) return <PageSpinner text="Загрузка доски…" />;
    const status = isApiRequestError(live.board.error) ? live.board.error.status : 0;
    if (status === 404 || status === 400) return <BoardMissing />;
    return (
      <Result
        status="error"
        title="Не удалось загрузить доску"
        subTitle={errorMessage(live.board.error)}
        extra={<Button onClick={() => void live.board.refetch()}>Повторить</Button>}
      />
    );
  }

  const openTaskPage = (task: TaskCard) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(TASK_PARAM, task.uuid);
      return next;
    });

  const deleteTask = (task: Pick<TaskCard, "id" | "title">) =>
    modal.confirm({
      title: `Удалить задачу «${task.title}»?`,
      content: "Задача, её чек-лист и комментарии будут удалены.",
      okText: "Удалить",
      okButtonProps: { danger: true },
      cancelText: "Отмена",
      onOk: () => {
        if (!live.send({ type: "BRD_DELETE_TASK", message: "delete_task", task_id: task.id, user_id: user.id }))
          showError("Нет связи с доской. Повторите, когда она восстановится.");
      },
    });

  return (
    <>
      <LiveStatus status={live.status} onReconnect={live.reconnect} />
      <BoardColumns
        state={state}
        user={user}
        viewers={live.viewers}
        onOpen={openTaskPage}
        onDelete={deleteTask}
        onForceClose={(task) => {
          const token = readAccessToken();
          if (token)
            live.send({ type: "BRD_CLOSE_REQUEST", message: "request_close", task_id: task.id, user_token: token });
        }}
        onCloseAll={() => {
          const token = readAccessToken();
          if (token)
            live.send({ type: "BRD_CLOSE_ALL_REQUEST", message: "close_all", board_id: boardUuid, user_token: token });
        }}
      />
      <Drawer
        open={openTaskUuid !== null}
        onClose={closeTask}
        size="large"
        title={state.board.name}
        destroyOnHidden
        extra={
          openTaskUuid ? (
            <RouterButtonLink icon={<ExportOutlined />} to={href.task({ uuid: openTaskUuid })}>
              Открыть страницей
            </RouterButtonLink>
          ) : null
        }
      >
        {openTaskUuid ? (
          <TaskDetailView
            uuid={openTaskUuid}
            board={state}
            liveCard={openTask}
            userId={user.id}
            canModerateComments={canManageBoards(user)}
            onDelete={(detail: TaskDetail) => deleteTask(detail.task)}
          />
        ) : null}
      </Drawer>
    </>
  );
}

function BoardMissing() {
  return (
    <Result
      status="404"
      title="Доска не найдена"
      subTitle="Такой доски нет или у вас нет к ней доступа."
      extra={<RouterButtonLink to={href.boards()}>К доскам</RouterButtonLink>}
    />
  );
}

/** The board socket was closed because an admin took the user's access while it was open. */
function BoardRevoked() {
  return (
    <Result
      status="403"
      title="Доступ к доске закрыт"
      subTitle="Администратор изменил ваши права: эта доска вам больше недоступна. Если это ошибка, обратитесь к администратору."
      extra={<RouterButtonLink to={href.boards()}>К доскам</RouterButtonLink>}
    />
  );
}

function LiveStatus({ status, onReconnect }: { status: string; onReconnect: () => void }) {
  if (status === "replaced") {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title="Доска открыта в другой вкладке"
        description="Изменения других участников здесь больше не появляются."
        action={
          <Button size="small" onClick={onReconnect}>
            Открыть здесь
          </Button>
        }
      />
    );
  }
  if (status === "reconnecting") {
    return <Alert type="info" showIcon style={{ marginBottom: 12 }} title="Нет связи с доской, переподключаемся…" />;
  }
  return null;
}

interface BoardColumnsProps {
  state: BoardState;
  user: UserData;
  viewers: ReturnType<typeof useBoardLive>["viewers"];
  onOpen: (task: TaskCard) => void;
  onDelete: (task: TaskCard) => void;
  onForceClose: (task: TaskCard) => void;
  onCloseAll: () => void;
}

// What «Закрыть у всех» does: it does not close tasks, it closes other people's task windows.
const CLOSE_ALL_HINT = "У всех, кто сейчас открыл задачу этой доски, окно задачи закроется.";

function BoardColumns({ state, user, viewers, onOpen, onDelete, onForceClose, onCloseAll }: BoardColumnsProps) {
  const boardUuid = state.board.uuid;
  const showError = useErrorToast();
  const { modal } = App.useApp();
  const failed = (error: unknown) => {
    if (!isUnauthorized(error)) showError(errorMessage(error));
  };
  const moveTask = useMoveTask(boardUuid);
  const moveGroup = useMoveGroup(boardUuid);
  const createTask = useCreateTask(boardUuid);
  const createGroup = useCreateGroup(boardUuid);
  const renameGroup = useRenameGroup(boardUuid);
  const deleteGroup = useDeleteGroup(boardUuid);
  const [moving, setMoving] = useState<TaskCard | null>(null);
  const [naming, setNaming] = useState<BoardGroup | "new" | null>(null);
  const [projectsOpen, setProjectsOpen] = useState(false);

  const pendingTasks = useMutationState({
    filters: { mutationKey: moveTaskKey(boardUuid), status: "pending" },
    select: (mutation) => mutation.state.variables as TaskMove | undefined,
  });
  const pendingGroups = useMutationState({
    filters: { mutationKey: moveGroupKey(boardUuid), status: "pending" },
    select: (mutation) => mutation.state.variables as GroupMove | undefined,
  });
  const groups = withPendingMoves(
    state.groups,
    pendingTasks.flatMap((m) => (m ? [{ taskId: m.task.id, groupId: m.groupId, beforeId: m.beforeId }] : [])),
    pendingGroups.flatMap((m) => (m ? [m] : [])),
  );
  const members = useMemo(() => new Map(state.members.map((m) => [m.id, m])), [state.members]);
  const projects = useMemo(() => new Map(state.projects.map((p) => [p.uuid, p])), [state.projects]);
  const openers = openersByTask(viewers, user.id);
  const canEdit = state.can_edit_tasks;
  const canManage = state.can_manage;
  const canForceClose = canForceCloseTasks(user);
  const phone = Grid.useBreakpoint().xs === true;
  // On a phone a column takes most of the width and the next one peeks in.
  const columnWidth = phone ? "85%" : "280px";

  const move = (task: TaskCard, group: BoardGroup, beforeId: number | null) => {
    const current = groups.find((g) => g.tasks.some((t) => t.id === task.id));
    if (current?.id === group.id) {
      const index = current.tasks.findIndex((t) => t.id === task.id);
      if ((current.tasks[index + 1]?.id ?? null) === beforeId || beforeId === task.id) return;
    }
    const card = findTask(state, task.id) ?? task;
    moveTask.mutate({ task: card, groupId: group.id, groupUuid: group.uuid, beforeId }, { onError: failed });
  };

  const moveColumn = (group: BoardGroup, beforeId: number | null) => {
    const index = groups.findIndex((g) => g.id === group.id);
    if ((groups[index + 1]?.id ?? null) === beforeId || beforeId === group.id) return;
    moveGroup.mutate({ groupId: group.id, groupUuid: group.uuid, beforeId }, { onError: failed });
  };

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {state.board.name}
          </Typography.Title>
          {!canEdit ? <Tag>Только просмотр</Tag> : null}
        </Flex>
        <Flex align="center" gap={8} wrap>
          {viewers.length > 0 ? (
            <Flex align="center" gap={4}>
              <Typography.Text type="secondary">На доске:</Typography.Text>
              <PersonAvatars
                ids={viewers.map((v) => v.user_id)}
                members={members}
                label="На доске"
                size="default"
                max={6}
              />
            </Flex>
          ) : null}
          {canForceClose ? (
            <Tooltip title={CLOSE_ALL_HINT}>
              <Button
                onClick={() =>
                  modal.confirm({
                    title: "Закрыть окна задач у других пользователей?",
                    content: `${CLOSE_ALL_HINT} Сами задачи не меняются.`,
                    okText: "Закрыть у всех",
                    cancelText: "Отмена",
                    onOk: onCloseAll,
                  })
                }
              >
                Закрыть у всех
              </Button>
            </Tooltip>
          ) : null}
          {canManage ? (
            <>
              <Button icon={<TagsOutlined />} onClick={() => setProjectsOpen(true)}>
                Проекты
              </Button>
              <Button icon={<PlusOutlined />} onClick={() => setNaming("new")}>
                Добавить колонку
              </Button>
            </>
          ) : null}
        </Flex>
      </Flex>
      <BoardDnd groups={groups} onMoveTask={move} onMoveGroup={moveColumn}>
        <ColumnsStrip count={groups.length} phone={phone}>
          {groups.length === 0 ? <Typography.Text type="secondary">На доске пока нет колонок.</Typography.Text> : null}
          {groups.map((group, index) => (
            <BoardColumn
              key={group.id}
              group={group}
              capacity={state.board.capacity}
              draggable={canManage}
              width={columnWidth}
              onRename={canManage ? setNaming : undefined}
              onDelete={
                canManage
                  ? (g) =>
                      modal.confirm({
                        title: `Удалить колонку «${g.name}»?`,
                        content: g.tasks.length > 0 ? "Удалить можно только пустую колонку." : undefined,
                        okText: "Удалить",
                        okButtonProps: { danger: true },
                        cancelText: "Отмена",
                        onOk: () => deleteGroup.mutateAsync({ uuid: g.uuid, id: g.id }).catch(failed),
                      })
                  : undefined
              }
              onMoveLeft={canManage && index > 0 ? (g) => moveColumn(g, groups[index - 1]?.id ?? null) : undefined}
              onMoveRight={
                canManage && index < groups.length - 1 ? (g) => moveColumn(g, groups[index + 2]?.id ?? null) : undefined
              }
              onQuickAdd={
                canEdit
                  ? (g, title) =>
                      createTask.mutateAsync({ group_uuid: g.uuid, title }).catch((error: unknown) => {
                        failed(error);
                        throw error;
                      })
                  : undefined
              }
            >
              <SortableTasks tasks={group.tasks}>
                {group.tasks.map((task) => (
                  <TaskCardView
                    key={task.id}
                    task={task}
                    project={task.project ? projects.get(task.project) : undefined}
                    members={members}
                    openers={openers.get(task.id) ?? []}
                    groupId={group.id}
                    draggable={canEdit}
                    onOpen={onOpen}
                    onMoveRequest={canEdit ? setMoving : undefined}
                    onDelete={canEdit ? onDelete : undefined}
                    onForceClose={canForceClose ? onForceClose : undefined}
                  />
                ))}
              </SortableTasks>
            </BoardColumn>
          ))}
        </ColumnsStrip>
      </BoardDnd>
      {moving ? (
        <MoveTaskDialog
          task={moving}
          groups={groups}
          onMove={(group, beforeId) => move(moving, group, beforeId)}
          onClose={() => setMoving(null)}
        />
      ) : null}
      {naming ? (
        <NameDialog
          title={naming === "new" ? "Новая колонка" : "Переименовать колонку"}
          okText={naming === "new" ? "Добавить" : "Сохранить"}
          maxLength={BOARD_GROUP_NAME_MAX}
          initial={naming === "new" ? undefined : { name: naming.name }}
          onSubmit={({ name }) =>
            naming === "new" ? createGroup.mutateAsync(name) : renameGroup.mutateAsync({ uuid: naming.uuid, name })
          }
          onClose={() => setNaming(null)}
        />
      ) : null}
      {projectsOpen ? (
        <ProjectsDialog boardUuid={boardUuid} projects={state.projects} onClose={() => setProjectsOpen(false)} />
      ) : null}
    </>
  );
}
