import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import type { RecordedCall } from "../../../test/mock-api.ts";
import { FRAME_LOAD_TIMEOUT_MS } from "../components/FrameLoadWatch.tsx";
import { renderPage } from "../test-render.tsx";
import { embedOf, embedPath, SALES, serve } from "../test-support.ts";
import { ReportPage } from "./ReportPage.tsx";

const render = (id: string) => renderPage("/report/:id", `/report/${id}`, <ReportPage />);
const embedCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === embedPath(SALES)).length;

async function frame() {
  return (await screen.findByTitle(SALES.title)) as HTMLIFrameElement;
}

describe("/report/:id", { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("embeds the report full width, sandboxed, with its title and «Обновить»", async () => {
    const api = serve(userDataFixture({ groups: [7] }), {
      [`GET ${embedPath(SALES)}`]: { status: 200, body: embedOf(SALES) },
    });
    render(SALES.uuid);

    const iframe = await frame();
    expect(iframe.tagName).toBe("IFRAME");
    expect(iframe.getAttribute("src")).toBe("https://bi.example.ru/1");
    expect(iframe.getAttribute("sandbox")).toBe(
      "allow-scripts allow-same-origin allow-forms allow-popups allow-downloads",
    );
    expect(iframe.getAttribute("referrerpolicy")).toBe("no-referrer");
    expect(iframe.style.width).toBe("100%");
    expect(screen.getByRole("heading", { name: SALES.title })).toBeTruthy();

    const before = embedCalls(api.calls);
    fireEvent.click(screen.getByRole("button", { name: /Обновить/ }));
    await waitFor(() => expect(embedCalls(api.calls)).toBe(before + 1));
  });

  it("says when the report does not load in its frame and offers it in a new tab", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    serve(userDataFixture({ groups: [7] }), {
      [`GET ${embedPath(SALES)}`]: { status: 200, body: embedOf(SALES) },
    });
    render(SALES.uuid);
    await frame();
    const newTab = screen.getByRole("link", { name: /Открыть в новой вкладке/ });
    expect(newTab.getAttribute("href")).toBe("https://bi.example.ru/1");
    expect(newTab.getAttribute("target")).toBe("_blank");
    expect(screen.queryByText("Отчёт не загрузился во встроенном окне")).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Отчёт не загрузился во встроенном окне");
    expect(
      within(alert)
        .getByRole("link", { name: /Открыть в новой вкладке/ })
        .getAttribute("href"),
    ).toBe("https://bi.example.ru/1");
  });

  it("says nothing once the frame has loaded", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    serve(userDataFixture({ groups: [7] }), {
      [`GET ${embedPath(SALES)}`]: { status: 200, body: embedOf(SALES) },
    });
    render(SALES.uuid);
    fireEvent.load(await frame());
    await act(() => vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS));
    expect(screen.queryByText("Отчёт не загрузился во встроенном окне")).toBeNull();
  });

  it("fetches a signed URL again 30 s before it expires, so the open report keeps working", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    let n = 0;
    const api = serve(userDataFixture({ groups: [7] }), {
      [`GET ${embedPath(SALES)}`]: () => {
        n += 1;
        return {
          status: 200,
          body: embedOf(SALES, {
            provider: "metabase",
            url: `https://bi.example.ru/embed/dashboard/token-${n}#bordered=false&titled=true`,
            expires_at: new Date(Date.now() + 600_000).toISOString(),
          }),
        };
      },
    });
    render(SALES.uuid);

    await waitFor(async () => expect((await frame()).getAttribute("src")).toContain("token-1"));
    const fetched = embedCalls(api.calls);

    vi.advanceTimersByTime(560_000);
    expect(embedCalls(api.calls)).toBe(fetched);
    vi.advanceTimersByTime(15_000);
    await waitFor(async () => expect((await frame()).getAttribute("src")).toContain("token-2"));
    expect(embedCalls(api.calls)).toBe(fetched + 1);

    // The new URL plans the next refresh in turn.
    vi.advanceTimersByTime(575_000);
    await waitFor(async () => expect((await frame()).getAttribute("src")).toContain("token-3"));
  });

  it("404: the report is missing or not given", async () => {
    serve(userDataFixture({ groups: [7] }), {
      [`GET ${embedPath(SALES)}`]: { status: 404, body: { code: "not_found", message: "Не найдено" } },
    });
    render(SALES.uuid);
    expect(await screen.findByText("Отчёт не найден или недоступен")).toBeTruthy();
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("409: the server's message under the report's name, and no frame", async () => {
    const message =
      "Отчёт не настроен: metabase.example.com — адрес-пример, сервера отчётов по нему нет. Администратор может указать адрес вашего сервера Metabase в настройках отчёта.";
    serve(userDataFixture({ groups: [7], iframes: [SALES] }), {
      [`GET ${embedPath(SALES)}`]: { status: 409, body: { code: "conflict", message } },
    });
    render(SALES.uuid);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole("heading", { name: SALES.title, level: 3 })).toBeTruthy();
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("a path that is no report uuid asks nothing", async () => {
    const api = serve(userDataFixture({ groups: [7] }));
    render("not-a-uuid");
    expect(await screen.findByText("Отчёт не найден или недоступен")).toBeTruthy();
    expect(api.calls.some((call) => call.path.startsWith("/api/reports/"))).toBe(false);
  });
});
