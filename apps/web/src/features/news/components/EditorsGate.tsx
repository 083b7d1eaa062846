import { LockOutlined } from "@ant-design/icons";
import { canManageContent } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { Result } from "antd";
import type { ReactNode } from "react";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";

/**
 * Editors' pages only for superusers and role 2 (canManageContent); others get «Недостаточно
 * прав» and no editors' call is made. The server refuses them anyway (403).
 */
export function EditorsGate({ children }: { children: (user: UserData) => ReactNode }) {
  const user = useUserData().data;
  if (!user) return <PageSpinner text="Загрузка…" />;
  if (!canManageContent(user)) {
    return (
      <Result
        icon={<LockOutlined />}
        title="Недостаточно прав"
        subTitle="Новостями управляют редакторы контента. Обратитесь к администратору."
        extra={
          <RouterButtonLink type="primary" to={href.home()}>
            На главную
          </RouterButtonLink>
        }
      />
    );
  }
  return children(user);
}
