import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Result, Typography } from "antd";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { errorMessage, isApiRequestError } from "../../../shared/lib/api-error.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useReportEmbed } from "../api.ts";
import { embedRefreshDelay } from "../lib/embed-refresh.ts";
import { FrameLoadWatch, OpenInNewTab } from "./FrameLoadWatch.tsx";

export const REPORT_NOT_FOUND = "Отчёт не найден или недоступен";
const FRAME_MIN_HEIGHT = 360;
const FRAME_BOTTOM_GAP = 16;

/** The height from the element's top to the bottom of the window, kept on resize. */
function useFillViewport() {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(FRAME_MIN_HEIGHT);
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(FRAME_MIN_HEIGHT, Math.floor(window.innerHeight - top - FRAME_BOTTOM_GAP)));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  return { ref, height };
}

function EmbedError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = isApiRequestError(error) ? error.status : 0;
  if (status === 404) return <Result status="404" title={REPORT_NOT_FOUND} />;
  if (status === 409) return <Result status="warning" title={errorMessage(error)} />;
  return (
    <Result
      status="error"
      title="Отчёт не загрузился"
      subTitle={errorMessage(error)}
      extra={<Button onClick={onRetry}>Повторить</Button>}
    />
  );
}

/**
 * A report of the portal: its title, «Обновить», and the report in a full-width iframe that
 * fills the window below. A signed URL (Metabase, DataLens) is fetched again shortly before it
 * expires, so a report left open keeps working.
 */
export function ReportEmbedFrame({ uuid }: { uuid: string }) {
  const embed = useReportEmbed(uuid);
  const { refetch, dataUpdatedAt, errorUpdatedAt } = embed;
  const expiresAt = embed.data?.expires_at ?? null;
  // «Обновить» reloads the iframe even when the URL stays the same (a plain link).
  const [reloads, setReloads] = useState(0);
  // The address (and reload) whose iframe has fired its load event.
  const [loadedFrame, setLoadedFrame] = useState<string | null>(null);
  const { ref, height } = useFillViewport();

  // biome-ignore lint/correctness/useExhaustiveDependencies: each fetch (or failed fetch) plans the next one
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setTimeout(() => void refetch(), embedRefreshDelay(expiresAt, Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt, refetch, dataUpdatedAt, errorUpdatedAt]);

  const reload = () => {
    void refetch().then(() => setReloads((n) => n + 1));
  };

  const report = embed.data?.report;
  // A report that cannot be embedded (409) still goes by its name, as the portal listed it.
  const listed = useUserData().data?.iframes.find((r) => r.uuid === uuid);
  const frameKey = embed.data ? `${reloads}:${embed.data.url}` : null;
  return (
    <Flex vertical gap="small" style={{ width: "100%", minWidth: 0 }}>
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {report?.title ?? listed?.title ?? "Отчёт"}
        </Typography.Title>
        <Flex gap="small" wrap>
          {embed.data ? <OpenInNewTab url={embed.data.url} /> : null}
          <Button icon={<ReloadOutlined />} onClick={reload} disabled={embed.isPending} loading={embed.isFetching}>
            Обновить
          </Button>
        </Flex>
      </Flex>
      {embed.data ? <FrameLoadWatch url={embed.data.url} loaded={loadedFrame === frameKey} attempt={reloads} /> : null}
      {embed.data && embed.isError ? (
        <Alert type="warning" showIcon title="Не удалось обновить ссылку на отчёт. Нажмите «Обновить»." />
      ) : null}
      <div ref={ref} style={{ width: "100%" }}>
        {embed.data ? (
          <iframe
            key={reloads}
            title={embed.data.report.title}
            src={embed.data.url}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
            referrerPolicy="no-referrer"
            allowFullScreen
            onLoad={() => setLoadedFrame(frameKey)}
            style={{ display: "block", width: "100%", height, border: 0 }}
          />
        ) : embed.isError ? (
          <EmbedError error={embed.error} onRetry={reload} />
        ) : (
          <PageSpinner text="Загрузка отчёта…" />
        )}
      </div>
    </Flex>
  );
}
