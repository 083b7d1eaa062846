import { MONITORING_DEMO, type MonitoringCatalog } from "@nadoy/contract/monitoring";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { publishMainMessage } from "../../../shared/realtime/main-messages.ts";
import { useMonitoringLive } from "./use-monitoring-live.ts";

const DB = "8d3c1e2a-0000-4000-8000-000000000001";
const OTHER = "8d3c1e2a-0000-4000-8000-000000000002";
/** The demo site's database: the demo pages' catalog names it. */
const DEMO_DB = "8d3c1e2a-0000-4000-8000-000000000003";
const demoCatalog: Pick<MonitoringCatalog, "database"> = {
  database: { uuid: DEMO_DB, name: "Демо-ферма (мониторинг)" },
};

function setup(page = DB) {
  // Fresh forever: the cached catalog is the page's, nothing is fetched.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(["monitoring", MONITORING_DEMO, "catalog"], demoCatalog);
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const onReadings = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(() => useMonitoringLive(page, onReadings), { wrapper });
  return { invalidate, onReadings };
}

afterEach(() => vi.useRealTimers());

describe("useMonitoringLive", () => {
  it("refetches the database's queries when its readings arrive, and not for another database", () => {
    const { invalidate, onReadings } = setup();
    act(() => publishMainMessage({ msg_type: "MONITORING_READINGS", database: OTHER }));
    expect(onReadings).not.toHaveBeenCalled();
    act(() => publishMainMessage({ msg_type: "MONITORING_READINGS", database: DB }));
    expect(onReadings).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["monitoring", DB] });
  });

  it("refetches a burst of hints once at once and once more at the end of the pause, not per hint", () => {
    vi.useFakeTimers();
    const { onReadings } = setup();
    act(() => {
      for (let i = 0; i < 10; i++) publishMainMessage({ msg_type: "MONITORING_READINGS", database: DB });
    });
    expect(onReadings).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(2000));
    expect(onReadings).toHaveBeenCalledTimes(2);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onReadings).toHaveBeenCalledTimes(2);
  });

  it("refetches the demo pages when the demo site's database, named in their catalog, has readings", () => {
    const { invalidate, onReadings } = setup(MONITORING_DEMO);
    act(() => publishMainMessage({ msg_type: "MONITORING_READINGS", database: OTHER }));
    expect(onReadings).not.toHaveBeenCalled();
    act(() => publishMainMessage({ msg_type: "MONITORING_READINGS", database: DEMO_DB }));
    expect(onReadings).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["monitoring", MONITORING_DEMO] });
  });
});
