import { MONITORING_DEMO } from "@nadoy/contract/monitoring";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { subscribeToMainMessages } from "../../../shared/realtime/main-messages.ts";
import { useMonitoringCatalog } from "../api.ts";

/** A gateway may send every second: the page refetches at most this often. */
const LIVE_EVERY_MS = 2000;

/**
 * Live monitoring pages: MONITORING_READINGS for this database (contract realtime.ts), or a
 * reconnect (SYNC: hints may have been lost), refetches the database's queries — and calls
 * `onReadings` first, so that a page showing «the last 24 h» moves its range to now. At most once
 * per LIVE_EVERY_MS; the last hint of a burst is never dropped. The demo pages' address is
 * `demo`, but hints name the demo site's database by its uuid: the page's catalog (the frame's
 * query, shared) tells which.
 */
export function useMonitoringLive(dbUuid: string, onReadings?: () => void): void {
  const queryClient = useQueryClient();
  const isDemo = dbUuid === MONITORING_DEMO;
  const catalog = useMonitoringCatalog(dbUuid, isDemo);
  const database = isDemo ? catalog.data?.database.uuid : dbUuid;
  const callback = useRef(onReadings);
  callback.current = onReadings;
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      last = Date.now();
      timer = undefined;
      callback.current?.();
      void queryClient.invalidateQueries({ queryKey: ["monitoring", dbUuid] });
    };
    const unsubscribe = subscribeToMainMessages((message) => {
      const ours =
        message.msg_type === "MONITORING_READINGS" && database !== undefined && message.database === database;
      if (!ours && message.msg_type !== "SYNC") return;
      if (timer) return;
      const wait = last + LIVE_EVERY_MS - Date.now();
      if (wait <= 0) refresh();
      else timer = setTimeout(refresh, wait);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, dbUuid, database]);
}
