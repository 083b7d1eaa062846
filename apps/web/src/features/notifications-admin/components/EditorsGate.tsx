import { LockOutlined } from "@ant-design/icons";
import { canManageContent } from "@nadoy/contract/roles";
import { Result } from "antd";
import type { ReactNode } from "react";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";

/**
 * Editors' pages only for superusers and role 2 (canManageContent). The server refuses others
 * anyway; this spares them a page of failed requests. Nothing under it asks the API before.
 */
export function EditorsGate({ children }: { children: ReactNode }) {
  const user = useUserData().data;
  if (!user) return <PageSpinner text="Загрузка…" />;
  if (!canManageContent(user)) {
    return (
      <Result
        icon={<LockOutlined />}
        title="Недостаточно прав"
        subTitle="Раздел доступен редакторам контента."
        extra={
          <RouterButtonLink type="primary" to={href.home()}>
            На главную
          </RouterButtonLink>
        }
      />
    );
  }
  return children;
}
