import { LockOutlined } from "@ant-design/icons";
import { canAdminister } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { Result } from "antd";
import type { ReactNode } from "react";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";

/**
 * The admin area only for superusers and role 1 (canAdminister); others get «Недостаточно прав»
 * and no admin route is called. The server refuses them anyway (403).
 */
export function AdminGate({ children }: { children: (user: UserData) => ReactNode }) {
  const user = useUserData().data;
  if (!user) return <PageSpinner text="Загрузка…" />;
  if (!canAdminister(user)) {
    return (
      <Result
        icon={<LockOutlined />}
        title="Недостаточно прав"
        subTitle="Этот раздел — для администраторов портала."
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
