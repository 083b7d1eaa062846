import { PlusOutlined } from "@ant-design/icons";
import { BOARD_NAME_MAX } from "@nadoy/contract/boards";
import { canManageBoards } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { Button, Empty, Flex, Typography } from "antd";
import { useState } from "react";
import { useCreateWorkspace } from "../api.ts";
import { BoardsGate } from "../components/BoardsGate.tsx";
import { NameDialog } from "../components/NameDialog.tsx";
import { WorkspaceSection } from "../components/WorkspaceSection.tsx";
import { WorkspacesLoader } from "../components/WorkspacesLoader.tsx";

/** /boards — the workspaces of the user's companies with their boards. */
export function BoardsPage() {
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Доски задач
      </Typography.Title>
      <BoardsGate>{(user) => <Workspaces user={user} />}</BoardsGate>
    </>
  );
}

function Workspaces({ user }: { user: UserData }) {
  const [creating, setCreating] = useState(false);
  const create = useCreateWorkspace();
  const manager = canManageBoards(user);
  return (
    <>
      {manager ? (
        <Flex justify="end" style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Новое пространство
          </Button>
        </Flex>
      ) : null}
      <WorkspacesLoader>
        {(workspaces) =>
          workspaces.length === 0 ? (
            <Empty description="Рабочих пространств пока нет" />
          ) : (
            workspaces.map((workspace) => <WorkspaceSection key={workspace.uuid} workspace={workspace} user={user} />)
          )
        }
      </WorkspacesLoader>
      {creating ? (
        <NameDialog
          title="Новое рабочее пространство"
          okText="Создать"
          maxLength={BOARD_NAME_MAX}
          companies={user.user_companies}
          onSubmit={({ name, company }) =>
            create.mutateAsync({ name, company_uuid: company ?? user.user_companies[0]?.uuid ?? "" })
          }
          onClose={() => setCreating(false)}
        />
      ) : null}
    </>
  );
}
