import type { AdminReport } from "@nadoy/contract/reports";
import { Drawer } from "antd";
import { ReportForm } from "./ReportForm.tsx";

/** Which report the drawer shows: "new" for the create form, a report to edit, null when closed. */
export type ReportDrawerTarget = "new" | AdminReport | null;

/** The create and edit form in a drawer beside the reports' table. */
export function ReportDrawer({ target, onClose }: { target: ReportDrawerTarget; onClose: () => void }) {
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size="large"
      title={target === "new" ? "Новый отчёт" : "Отчёт"}
      destroyOnHidden
    >
      {target === "new" ? <ReportForm onDone={onClose} /> : null}
      {target !== null && target !== "new" ? <ReportForm key={target.uuid} report={target} onDone={onClose} /> : null}
    </Drawer>
  );
}
