import { LockOutlined } from "@ant-design/icons";
import type { UserData } from "@nadoy/contract/users";
import { Result } from "antd";
import type { ReactNode } from "react";
import { useUserData } from "../hooks/use-user-data.ts";
import { href } from "../routes/href.ts";
import { PageSpinner } from "./PageSpinner.tsx";
import { RouterButtonLink } from "./RouterButtonLink.tsx";

interface AccessGateProps {
  /** The contract rule for this area (canAdminister, canManageContent, canUseBoards …). */
  allowed: (user: UserData) => boolean;
  title: string;
  /** Who the area is for, in a sentence; or, for this user, why they are kept out. */
  subTitle: string | ((user: UserData) => string);
  children: (user: UserData) => ReactNode;
}

/**
 * A page area only for users the rule allows; others get a «no access» result and nothing under it
 * calls the API. The server refuses them anyway: this only spares them a page of failed requests.
 */
export function AccessGate({ allowed, title, subTitle, children }: AccessGateProps) {
  const user = useUserData().data;
  if (!user) return <PageSpinner text="Загрузка…" />;
  if (!allowed(user)) {
    return (
      <Result
        icon={<LockOutlined />}
        title={title}
        subTitle={typeof subTitle === "function" ? subTitle(user) : subTitle}
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
