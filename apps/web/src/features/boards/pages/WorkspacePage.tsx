import { ArrowLeftOutlined } from "@ant-design/icons";
import type { Workspace } from "@nadoy/contract/boards";
import type { UserData } from "@nadoy/contract/users";
import { Flex, Result, Select, Typography } from "antd";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { href } from "../../../shared/routes/href.ts";
import { BreadcrumbName } from "../../../shared/ui/BreadcrumbName.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { BoardsGate } from "../components/BoardsGate.tsx";
import { BoardView } from "../components/BoardView.tsx";
import { boardHref, WorkspaceSection } from "../components/WorkspaceSection.tsx";
import { WorkspacesLoader } from "../components/WorkspacesLoader.tsx";

/**
 * /workspace/:uuid? — one workspace (the first of the list without a uuid): its boards, or with
 * `?board=<uuid>` that board itself (and `&task=<uuid>` its task in a drawer); see boardHref.
 */
export function WorkspacePage() {
  const { uuid } = useParams();
  const [params] = useSearchParams();
  const boardUuid = params.get("board");
  return (
    <BoardsGate>
      {(user) => (
        <WorkspacesLoader>
          {(workspaces) => {
            const workspace = uuid ? workspaces.find((w) => w.uuid === uuid) : workspaces[0];
            if (!workspace) {
              return (
                <Result
                  status="404"
                  title={uuid ? "Пространство не найдено" : "Рабочих пространств пока нет"}
                  extra={<RouterButtonLink to={href.boards()}>К доскам</RouterButtonLink>}
                />
              );
            }
            const named = (
              <BreadcrumbName name={workspace.name} section={{ title: "Доски задач", href: href.boards() }} />
            );
            if (boardUuid) {
              return (
                <>
                  {named}
                  <WorkspaceBoard workspace={workspace} boardUuid={boardUuid} user={user} />
                </>
              );
            }
            return (
              <>
                {named}
                <Typography.Title level={2} style={{ marginTop: 0 }}>
                  {workspace.name}
                </Typography.Title>
                <WorkspaceSection workspace={workspace} user={user} titleLink={false} />
              </>
            );
          }}
        </WorkspacesLoader>
      )}
    </BoardsGate>
  );
}

function WorkspaceBoard({ workspace, boardUuid, user }: { workspace: Workspace; boardUuid: string; user: UserData }) {
  const navigate = useNavigate();
  return (
    <>
      <Flex align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <RouterLink to={href.workspace({ uuid: workspace.uuid })}>
          <ArrowLeftOutlined aria-hidden /> {workspace.name}
        </RouterLink>
        {workspace.boards.length > 1 ? (
          <Select
            aria-label="Доска"
            size="small"
            style={{ minWidth: 200 }}
            value={boardUuid}
            onChange={(value: string) => navigate(boardHref(workspace.uuid, value))}
            options={workspace.boards.map((b) => ({ value: b.uuid, label: b.name }))}
          />
        ) : null}
      </Flex>
      {/* A new key per board: its live state, socket and drawer start afresh. */}
      <BoardView key={boardUuid} boardUuid={boardUuid} user={user} />
    </>
  );
}
