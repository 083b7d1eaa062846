import { HERD_UPLOAD_PHASE_LABELS } from "@nadoy/contract/herd";
import { Steps, Typography } from "antd";
import { useEffect, useState } from "react";
import { formatNumber } from "../../../shared/herd/herd-format.ts";
import { useHerdUploadProgress } from "../api.ts";

const SHOWN = ["read", "check", "write"] as const;

/** How long after its request the first progress question goes: it must not arrive before the request. */
export const FIRST_PROGRESS_ASK_MS = 500;

/** The server's phases of the request `progressId` names, as it reports them while it works. */
export function ServerPhases({ progressId }: { progressId: string }) {
  const [asking, setAsking] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setAsking(progressId), FIRST_PROGRESS_ASK_MS);
    return () => clearTimeout(timer);
  }, [progressId]);
  const progress = useHerdUploadProgress(progressId, asking === progressId).data;
  const current = progress ? (progress.phase === "done" ? SHOWN.length : SHOWN.indexOf(progress.phase)) : -1;
  return (
    <section aria-label="Ход работы на сервере">
      <Steps
        size="small"
        current={current}
        items={SHOWN.map((phase) => ({ title: HERD_UPLOAD_PHASE_LABELS[phase] }))}
      />
      <Typography.Text type="secondary">
        {progress ? `Обработано строк: ${formatNumber(progress.rows)}` : "Ожидание сервера…"}
      </Typography.Text>
    </section>
  );
}
