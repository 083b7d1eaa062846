import { canManageContent } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import type { ReactNode } from "react";
import { AccessGate } from "../../../shared/ui/AccessGate.tsx";

/** The editors' instructions page: superusers and role 2 (canManageContent). */
export function InstructionsGate({ children }: { children: (user: UserData) => ReactNode }) {
  return (
    <AccessGate
      allowed={canManageContent}
      title="Недостаточно прав"
      subTitle="Инструкциями управляют редакторы контента. Обратитесь к администратору."
    >
      {children}
    </AccessGate>
  );
}
