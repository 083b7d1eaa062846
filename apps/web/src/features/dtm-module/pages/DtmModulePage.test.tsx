import type { DtmTransfer, DtmTransfers } from "@nadoy/contract/dtm";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { pickOption } from "../../../test/pick-option.ts";
import { renderPage } from "../../../test/render-page.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";
import { DtmModulePage } from "./DtmModulePage.tsx";

const ENTRY = "1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d";
const ENTRY2 = "2b3c4d5e-6f70-4b1c-8d2e-4f5a6b7c8d9e";
const KEY = "4d5e6f70-8192-4d1e-8f20-6b7c8d9e0f1a";
const PATH = "/services/dtm_module/:uuid?";
const API = `/api/dtm/${ENTRY}/transfers/`;

/** ECharts in jsdom: no layout (zero-sized containers) and no canvas to measure text with. */
const JSDOM_CHART_NOISE = /^\[ECharts\] Can't get DOM width or height|HTMLCanvasElement's getContext/;

// 25 November 2026, noon: the default period is 12–25 November.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 25, 12, 0, 0));
  for (const level of ["warn", "error"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      if (!JSDOM_CHART_NOISE.test(String(args[0]))) original(...args);
    });
  }
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function transfer(overrides: Partial<DtmTransfer> = {}): DtmTransfer {
  return {
    id: 1,
    // 14:05:07 in Moscow.
    at: "2026-11-24T11:05:07.000Z",
    key: { uuid: KEY, name: "Шлюз коровника", hint: "ndk_AbCd" },
    ip: "10.1.2.3",
    kind: "ingest",
    database: "Датчики МТФ-1",
    rows_received: 3,
    rows_accepted: 2,
    rows_rejected: 1,
    result: "partial",
    first_errors: [{ index: 1, message: "Нет такого датчика" }],
    error: null,
    ...overrides,
  };
}

function answer(items: DtmTransfer[], keys = [{ uuid: KEY, name: "Шлюз коровника", hint: "ndk_AbCd" }]): DtmTransfers {
  return {
    entry: { uuid: ENTRY, company_code: "ZR-001", company: "Заря" },
    total: items.length,
    page: 1,
    page_size: 50,
    items,
    per_day: [{ day: "2026-11-24", ok: 0, partial: items.length, failed: 0, refused: 0 }],
    keys,
  };
}

const user = userDataFixture({
  dtm: [
    { uuid: ENTRY, company_code: "ZR-001" },
    { uuid: ENTRY2, company_code: "ZR-002" },
  ],
});

describe("/services/dtm_module", { timeout: 30_000 }, () => {
  it("opens the first entry: the chart, the transfers with their errors expandable", async () => {
    const api = mockSignedIn(user, { [`GET ${API}`]: { status: 200, body: answer([transfer()]) } });
    const { router } = renderPage(PATH, <DtmModulePage />, "/services/dtm_module");
    const row = (await screen.findByText("Шлюз коровника")).closest("tr") as HTMLElement;
    expect(router.state.location.pathname).toBe(`/services/dtm_module/${ENTRY}`);
    // Moscow time, as the period's days and the XLSX, whatever the browser's zone (UTC in the tests).
    expect(screen.getByRole("columnheader", { name: "Когда (МСК)" })).toBeTruthy();
    expect(within(row).getByText("24.11.2026 14:05:07")).toBeTruthy();
    expect(within(row).getByText("10.1.2.3")).toBeTruthy();
    expect(within(row).getByText("Датчики МТФ-1")).toBeTruthy();
    expect(within(row).getByText("3 / 2 / 1")).toBeTruthy();
    expect(within(row).getByText("Частично")).toBeTruthy();
    const query = api.calls.find((c) => c.path === API)?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({ from: "2026-11-12", to: "2026-11-25", page: "1" });
    expect(await screen.findByRole("figure", { name: "Передачи по дням" })).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: /развернуть|expand/i }));
    expect(await screen.findByText("строка 2: Нет такого датчика")).toBeTruthy();
  });

  it("asks again with the filters picked", async () => {
    const api = mockSignedIn(user, { [`GET ${API}`]: { status: 200, body: answer([transfer()]) } });
    renderPage(PATH, <DtmModulePage />, `/services/dtm_module/${ENTRY}`);
    await screen.findByText("Шлюз коровника");
    await pickOption(screen.getByRole("combobox", { name: "Результат" }), "Частично");
    await pickOption(screen.getByRole("combobox", { name: "Ключ" }), "Шлюз коровника (ndk_AbCd…)");
    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === API).at(-1);
      expect(Object.fromEntries(last?.query ?? [])).toEqual({
        from: "2026-11-12",
        to: "2026-11-25",
        page: "1",
        result: "partial",
        key: KEY,
      });
    });
  });

  it("keeps the filters and the page in the URL: a link opens the same list", async () => {
    const api = mockSignedIn(user, { [`GET ${API}`]: { status: 200, body: answer([transfer()]) } });
    const { router } = renderPage(
      PATH,
      <DtmModulePage />,
      `/services/dtm_module/${ENTRY}?from=2026-11-01&to=2026-11-20&result=failed&page=2`,
    );
    await screen.findByText("Шлюз коровника");
    const first = api.calls.find((c) => c.path === API);
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      from: "2026-11-01",
      to: "2026-11-20",
      page: "2",
      result: "failed",
    });
    // Another result: into the URL, back to page 1, the period kept.
    await pickOption(screen.getByRole("combobox", { name: "Результат" }), "Частично");
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        from: "2026-11-01",
        to: "2026-11-20",
        result: "partial",
      }),
    );
  });

  it("reads a malformed URL as the default filters", async () => {
    const api = mockSignedIn(user, { [`GET ${API}`]: { status: 200, body: answer([transfer()]) } });
    renderPage(PATH, <DtmModulePage />, `/services/dtm_module/${ENTRY}?from=вчера&to=2026-11-20&kind=x&page=-3`);
    await screen.findByText("Шлюз коровника");
    const first = api.calls.find((c) => c.path === API);
    expect(Object.fromEntries(first?.query ?? [])).toEqual({ from: "2026-11-12", to: "2026-11-25", page: "1" });
  });

  it("switches between entries with the select, dropping the key filter", async () => {
    const api = mockSignedIn(user, {
      [`GET ${API}`]: { status: 200, body: answer([transfer()]) },
      [`GET /api/dtm/${ENTRY2}/transfers/`]: { status: 200, body: answer([]) },
    });
    const { router } = renderPage(PATH, <DtmModulePage />, `/services/dtm_module/${ENTRY}`);
    await screen.findByText("Шлюз коровника");
    await pickOption(screen.getByRole("combobox", { name: "Ключ" }), "Шлюз коровника (ndk_AbCd…)");
    await pickOption(screen.getByRole("combobox", { name: "Код DTM" }), "ZR-002");
    await waitFor(() => expect(router.state.location.pathname).toBe(`/services/dtm_module/${ENTRY2}`));
    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === `/api/dtm/${ENTRY2}/transfers/`).at(-1);
      expect(Object.fromEntries(last?.query ?? [])).toEqual({ from: "2026-11-12", to: "2026-11-25", page: "1" });
    });
  });

  it("downloads the XLSX of the filters picked, without the page", async () => {
    const EXPORT = `/api/dtm/${ENTRY}/transfers/export/`;
    const api = mockSignedIn(user, {
      [`GET ${API}`]: { status: 200, body: answer([transfer()]) },
      [`GET ${EXPORT}`]: { status: 200, body: "xlsx" },
    });
    const createObjectURL = vi.fn(() => "blob:dtm");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderPage(
      PATH,
      <DtmModulePage />,
      `/services/dtm_module/${ENTRY}?from=2026-11-01&to=2026-11-20&result=partial&page=2`,
    );
    await screen.findByText("Шлюз коровника");

    fireEvent.click(screen.getByRole("button", { name: /Скачать XLSX/ }));

    await waitFor(() => expect(saved).toEqual(["Передачи ZR-001 2026-11-01 — 2026-11-20.xlsx"]));
    const exported = api.calls.filter((c) => c.path === EXPORT);
    expect(exported.map((c) => Object.fromEntries(c.query))).toEqual([
      { from: "2026-11-01", to: "2026-11-20", result: "partial" },
    ]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it("says to bind a key when the code has none", async () => {
    mockSignedIn(user, { [`GET ${API}`]: { status: 200, body: answer([], []) } });
    renderPage(PATH, <DtmModulePage />, `/services/dtm_module/${ENTRY}`);
    const link = await screen.findByRole("link", { name: "Создайте ключ в генераторе ключей" });
    expect(link.getAttribute("href")).toBe("/services/key_generator");
    expect(screen.queryByRole("button", { name: /Скачать XLSX/ })).toBeNull();
  });

  it("says there were no transfers in the period", async () => {
    mockSignedIn(user, { [`GET ${API}`]: { status: 200, body: answer([]) } });
    renderPage(PATH, <DtmModulePage />, `/services/dtm_module/${ENTRY}`);
    expect(await screen.findByText(/За выбранный период передач не было/)).toBeTruthy();
  });

  it("says what to do without any entry", async () => {
    mockSignedIn(userDataFixture({ dtm: [] }));
    renderPage(PATH, <DtmModulePage />, "/services/dtm_module");
    expect(await screen.findByText(/Вам не открыт ни один код DTM/)).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    mockSignedIn(user, { [`GET ${API}`]: { status: 404, body: { code: "not_found", message: "Не найдено" } } });
    renderPage(PATH, <DtmModulePage />, `/services/dtm_module/${ENTRY}`);
    expect(await screen.findByText("Не найдено")).toBeTruthy();
  });
});
