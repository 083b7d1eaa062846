import type { Workspace } from "@nadoy/contract/boards";
import { Button, Result } from "antd";
import type { ReactNode } from "react";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useWorkspaces } from "../api.ts";

/** GET /api/workspaces/: a spinner, then the list, or the error with «Повторить». */
export function WorkspacesLoader({ children }: { children: (workspaces: Workspace[]) => ReactNode }) {
  const workspaces = useWorkspaces();
  if (workspaces.data) return children(workspaces.data);
  if (workspaces.isPending) return <PageSpinner text="Загрузка…" />;
  return (
    <Result
      status="error"
      title="Не удалось загрузить"
      subTitle={errorMessage(workspaces.error)}
      extra={<Button onClick={() => void workspaces.refetch()}>Повторить</Button>}
    />
  );
}
