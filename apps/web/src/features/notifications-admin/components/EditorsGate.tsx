import { canManageContent } from "@nadoy/contract/roles";
import type { ReactNode } from "react";
import { AccessGate } from "../../../shared/ui/AccessGate.tsx";

/** Editors' notification pages: superusers and role 2 (canManageContent). */
export function EditorsGate({ children }: { children: ReactNode }) {
  return (
    <AccessGate allowed={canManageContent} title="Недостаточно прав" subTitle="Раздел доступен редакторам контента.">
      {() => children}
    </AccessGate>
  );
}
