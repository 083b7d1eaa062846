import { canAdminister } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import type { ReactNode } from "react";
import { AccessGate } from "../../../shared/ui/AccessGate.tsx";

/** Companies, farms and databases: superusers and role 1 (canAdminister), as the server checks. */
export function BusinessGate({ children }: { children: (user: UserData) => ReactNode }) {
  return (
    <AccessGate allowed={canAdminister} title="Недостаточно прав" subTitle="Этот раздел — для администраторов портала.">
      {children}
    </AccessGate>
  );
}
