import { canManageBoards } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { App } from "antd";
import { useNavigate, useParams } from "react-router";
import { useErrorToast } from "../../../shared/hooks/use-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { useBreadcrumbItem } from "../../../shared/lib/breadcrumb-item.ts";
import { href } from "../../../shared/routes/href.ts";
import { useBoardInfo, useDeleteTaskByApi, useTask } from "../api.ts";
import { BoardsGate } from "../components/BoardsGate.tsx";
import { TaskDetailView } from "../components/TaskDetailView.tsx";

/** /tasks/:uuid — one task on a page of its own (no footer: shell/layout-rules.ts). */
export function TaskPage() {
  const { uuid = "" } = useParams();
  return <BoardsGate>{(user) => <TaskOnPage uuid={uuid} user={user} />}</BoardsGate>;
}

function TaskOnPage({ uuid, user }: { uuid: string; user: UserData }) {
  const task = useTask(uuid);
  const board = useBoardInfo(task.data?.board.uuid);
  const remove = useDeleteTaskByApi();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const showError = useErrorToast();
  const showSuccess = useSuccessToast();
  // «Главная / <доска> / <задача>» once both are known, the boards page before the board is.
  const info = board.data;
  useBreadcrumbItem(
    task.data?.task.title,
    info
      ? { title: info.board.name, href: `${href.workspace({ uuid: info.workspace.uuid })}?board=${info.board.uuid}` }
      : { title: "Доски задач", href: href.boards() },
  );
  return (
    <TaskDetailView
      uuid={uuid}
      board={board.data}
      userId={user.id}
      canModerateComments={canManageBoards(user)}
      onDelete={(detail) =>
        modal.confirm({
          title: `Удалить задачу «${detail.task.title}»?`,
          content: "Задача, её чек-лист и комментарии будут удалены.",
          okText: "Удалить",
          okButtonProps: { danger: true },
          cancelText: "Отмена",
          onOk: () =>
            remove.mutateAsync(uuid).then(
              () => {
                showSuccess("Задача удалена");
                navigate(href.boards());
              },
              (error: unknown) => {
                if (!isUnauthorized(error)) showError(errorMessage(error));
              },
            ),
        })
      }
    />
  );
}
