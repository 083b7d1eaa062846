import { canAdminister } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import type { ReactNode } from "react";
import { AccessGate } from "../../../shared/ui/AccessGate.tsx";

/** The usage pages are for superusers and role 1 (canAdminister), as the admin area is. */
export function UsageGate({ children }: { children: (user: UserData) => ReactNode }) {
  return (
    <AccessGate allowed={canAdminister} title="Недостаточно прав" subTitle="Этот раздел — для администраторов портала.">
      {children}
    </AccessGate>
  );
}
