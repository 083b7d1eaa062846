import { canAdminister } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import type { ReactNode } from "react";
import { AccessGate } from "../../../shared/ui/AccessGate.tsx";

/** The admin area: superusers and role 1 (canAdminister). */
export function AdminGate({ children }: { children: (user: UserData) => ReactNode }) {
  return (
    <AccessGate allowed={canAdminister} title="Недостаточно прав" subTitle="Этот раздел — для администраторов портала.">
      {children}
    </AccessGate>
  );
}
