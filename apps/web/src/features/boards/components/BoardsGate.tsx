import { canUseBoards } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import type { ReactNode } from "react";
import { AccessGate } from "../../../shared/ui/AccessGate.tsx";

/** Why this user has no boards: no company to hold them, or the module is off for the account. */
export function boardsRefusal(user: Pick<UserData, "boards" | "user_companies">): string {
  if (user.user_companies.length === 0) {
    return "Доски задач есть только у компаний, а вы не состоите ни в одной. Попросите администратора добавить вас в компанию.";
  }
  return "Модуль «Задачи» отключён для вашей учётной записи — обратитесь к администратору.";
}

/** Task boards: users with the boards flag and a company (canUseBoards). */
export function BoardsGate({ children }: { children: (user: UserData) => ReactNode }) {
  return (
    <AccessGate allowed={canUseBoards} title="Раздел недоступен" subTitle={boardsRefusal}>
      {children}
    </AccessGate>
  );
}
