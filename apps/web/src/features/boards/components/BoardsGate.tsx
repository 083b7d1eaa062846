import { canUseBoards } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import type { ReactNode } from "react";
import { AccessGate } from "../../../shared/ui/AccessGate.tsx";

/** Task boards: users with the boards flag and a company (canUseBoards). */
export function BoardsGate({ children }: { children: (user: UserData) => ReactNode }) {
  return (
    <AccessGate
      allowed={canUseBoards}
      title="Раздел недоступен"
      subTitle="Доски задач доступны сотрудникам компаний. Обратитесь к администратору компании."
    >
      {children}
    </AccessGate>
  );
}
