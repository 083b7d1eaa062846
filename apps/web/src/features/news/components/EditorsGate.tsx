import { canManageContent } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import type { ReactNode } from "react";
import { AccessGate } from "../../../shared/ui/AccessGate.tsx";

/** Editors' news pages: superusers and role 2 (canManageContent). */
export function EditorsGate({ children }: { children: (user: UserData) => ReactNode }) {
  return (
    <AccessGate
      allowed={canManageContent}
      title="Недостаточно прав"
      subTitle="Новостями управляют редакторы контента. Обратитесь к администратору."
    >
      {children}
    </AccessGate>
  );
}
