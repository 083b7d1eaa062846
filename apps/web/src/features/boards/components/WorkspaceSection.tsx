import { DeleteOutlined, EditOutlined, PlusOutlined, ProjectOutlined } from "@ant-design/icons";
import { BOARD_NAME_MAX, type Workspace } from "@nadoy/contract/boards";
import { pluralRu } from "@nadoy/contract/plural";
import { canManageBoards } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { App, Button, Card, Empty, Flex, List, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useErrorToast } from "../../../shared/hooks/use-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useCreateBoard, useDeleteBoard, useDeleteWorkspace, useRenameWorkspace, useUpdateBoard } from "../api.ts";
import { NameDialog } from "./NameDialog.tsx";

type BoardSummary = Workspace["boards"][number];

/**
 * Where a board opens: its workspace's page with `?board=` (and `&task=` for the task drawer).
 * The registry has /workspace/:uuid? but no board route of its own, so the board lives under its
 * workspace; the query keeps the spec's routes and makes a board (and an open task) a shareable link.
 */
export function boardHref(workspaceUuid: string, boardUuid: string): string {
  return `${href.workspace({ uuid: workspaceUuid })}?board=${encodeURIComponent(boardUuid)}`;
}

const tasksCount = (n: number) => `${n} ${pluralRu(n, ["задача", "задачи", "задач"])}`;

type Dialog = { kind: "renameWorkspace" } | { kind: "newBoard" } | { kind: "editBoard"; board: BoardSummary } | null;

/**
 * One workspace with its boards, as cards («Card_menu») or a list («List_menu») after the user's
 * `boards_menu_style`; managers create, rename and delete boards and the workspace itself.
 */
export function WorkspaceSection({
  workspace,
  user,
  titleLink = true,
}: {
  workspace: Workspace;
  user: UserData;
  titleLink?: boolean;
}) {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const showError = useErrorToast();
  const showSuccess = useSuccessToast();
  const manager = canManageBoards(user);
  const renameWorkspace = useRenameWorkspace();
  const deleteWorkspace = useDeleteWorkspace();
  const createBoard = useCreateBoard();
  const updateBoard = useUpdateBoard();
  const deleteBoard = useDeleteBoard();
  const [dialog, setDialog] = useState<Dialog>(null);
  const failed = (error: unknown) => {
    if (!isUnauthorized(error)) showError(errorMessage(error));
  };

  const confirmDeleteWorkspace = () =>
    modal.confirm({
      title: `Удалить пространство «${workspace.name}»?`,
      content: "Все его доски и задачи будут удалены без возможности восстановления.",
      okText: "Удалить",
      okButtonProps: { danger: true },
      cancelText: "Отмена",
      onOk: () =>
        deleteWorkspace.mutateAsync(workspace.uuid).then(() => {
          showSuccess("Пространство удалено");
          if (!titleLink) navigate(href.boards());
        }, failed),
    });

  const confirmDeleteBoard = (board: BoardSummary) =>
    modal.confirm({
      title: `Удалить доску «${board.name}»?`,
      content: "Все её задачи будут удалены без возможности восстановления.",
      okText: "Удалить",
      okButtonProps: { danger: true },
      cancelText: "Отмена",
      onOk: () => deleteBoard.mutateAsync(board.uuid).then(() => showSuccess("Доска удалена"), failed),
    });

  const boardActions = (board: BoardSummary) =>
    manager
      ? [
          <Tooltip key="edit" title="Изменить">
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={`Изменить доску «${board.name}»`}
              onClick={() => setDialog({ kind: "editBoard", board })}
            />
          </Tooltip>,
          <Tooltip key="delete" title="Удалить">
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Удалить доску «${board.name}»`}
              onClick={() => confirmDeleteBoard(board)}
            />
          </Tooltip>,
        ]
      : [];

  const boards = workspace.boards;
  const cards = user.boards_menu_style !== "List_menu";

  return (
    <section aria-label={workspace.name} style={{ marginBottom: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {titleLink ? (
              <RouterLink to={href.workspace({ uuid: workspace.uuid })}>{workspace.name}</RouterLink>
            ) : (
              workspace.name
            )}
          </Typography.Title>
          <Typography.Text type="secondary">{workspace.company.name}</Typography.Text>
        </div>
        {manager ? (
          <Flex gap={8} wrap>
            <Button icon={<PlusOutlined />} onClick={() => setDialog({ kind: "newBoard" })}>
              Новая доска
            </Button>
            <Button icon={<EditOutlined />} onClick={() => setDialog({ kind: "renameWorkspace" })}>
              Переименовать
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={confirmDeleteWorkspace}>
              Удалить
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {boards.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Досок пока нет" />
      ) : cards ? (
        <Flex wrap gap={12}>
          {boards.map((board) => (
            <Card
              key={board.uuid}
              size="small"
              style={{ width: 240 }}
              title={
                <Flex gap={8} align="center">
                  <ProjectOutlined aria-hidden />
                  <RouterLink to={boardHref(workspace.uuid, board.uuid)}>{board.name}</RouterLink>
                </Flex>
              }
              extra={<Flex>{boardActions(board)}</Flex>}
            >
              <Typography.Text type="secondary">{tasksCount(board.tasks_count)}</Typography.Text>
            </Card>
          ))}
        </Flex>
      ) : (
        <List
          bordered
          size="small"
          dataSource={boards}
          renderItem={(board) => (
            <List.Item actions={boardActions(board)}>
              <Flex gap={8} align="center" wrap>
                <RouterLink to={boardHref(workspace.uuid, board.uuid)}>{board.name}</RouterLink>
                <Typography.Text type="secondary">{tasksCount(board.tasks_count)}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
      {dialog?.kind === "renameWorkspace" ? (
        <NameDialog
          title="Переименовать пространство"
          okText="Сохранить"
          maxLength={BOARD_NAME_MAX}
          initial={{ name: workspace.name }}
          onSubmit={({ name }) => renameWorkspace.mutateAsync({ uuid: workspace.uuid, name })}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === "newBoard" ? (
        <NameDialog
          title="Новая доска"
          okText="Создать"
          maxLength={BOARD_NAME_MAX}
          withCapacity
          onSubmit={({ name, capacity }) =>
            createBoard.mutateAsync({ workspace_uuid: workspace.uuid, name, ...(capacity ? { capacity } : {}) })
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === "editBoard" ? (
        <NameDialog
          title="Изменить доску"
          okText="Сохранить"
          maxLength={BOARD_NAME_MAX}
          withCapacity
          initial={{ name: dialog.board.name, capacity: dialog.board.capacity }}
          onSubmit={({ name, capacity }) => updateBoard.mutateAsync({ uuid: dialog.board.uuid, name, capacity })}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}
