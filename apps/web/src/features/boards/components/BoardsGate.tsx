import { LockOutlined } from "@ant-design/icons";
import { canUseBoards } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { Result } from "antd";
import type { ReactNode } from "react";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";

/** Task boards only for users with the boards flag and a company (canUseBoards); the server refuses others anyway. */
export function BoardsGate({ children }: { children: (user: UserData) => ReactNode }) {
  const user = useUserData().data;
  if (!user) return <PageSpinner text="Загрузка…" />;
  if (!canUseBoards(user)) {
    return (
      <Result
        icon={<LockOutlined />}
        title="Раздел недоступен"
        subTitle="Доски задач доступны сотрудникам компаний. Обратитесь к администратору компании."
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
