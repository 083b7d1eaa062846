import { ExportOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import { useEffect, useState } from "react";

/** How long a report may take to load before the page says so. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000;

/** «Открыть в новой вкладке»: the report's own address, outside the portal. */
export function OpenInNewTab({ url, size }: { url: string; size?: "small" }) {
  return (
    <Button size={size} icon={<ExportOutlined />} href={url} target="_blank" rel="noopener noreferrer">
      Открыть в новой вкладке
    </Button>
  );
}

/**
 * Whether the iframe of `url` has loaded (`loaded` from its onLoad); if not in time, an alert says
 * so and offers the report in a new tab (a BI server may refuse to be shown inside another site).
 * `attempt` restarts the wait (a reload).
 */
export function FrameLoadWatch({ url, loaded, attempt }: { url: string; loaded: boolean; attempt: number }) {
  const [late, setLate] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address or a reload waits again
  useEffect(() => {
    setLate(false);
    if (loaded) return;
    const timer = setTimeout(() => setLate(true), FRAME_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [url, loaded, attempt]);
  if (!late || loaded) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title="Отчёт не загрузился во встроенном окне"
      description="Сервер отчёта долго не отвечает или не разрешает показывать отчёт внутри портала. Откройте его в новой вкладке."
      action={<OpenInNewTab url={url} size="small" />}
    />
  );
}
