import { canAdminister } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import type { ReactNode } from "react";
import { AccessGate } from "../../../shared/ui/AccessGate.tsx";

/** The reports catalogue: superusers and role 1 (canAdminister), like the rest of the admin area. */
export function ReportsAdminGate({ children }: { children: (user: UserData) => ReactNode }) {
  return (
    <AccessGate allowed={canAdminister} title="Недостаточно прав" subTitle="Этот раздел — для администраторов портала.">
      {children}
    </AccessGate>
  );
}
