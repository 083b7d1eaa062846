import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../shared/lib/query-client.ts";
import { detailFixture, itemFixture, MANUAL, serveEditor, uuid } from "../test-support.tsx";
import { HelpDrawer } from "./HelpDrawer.tsx";

const LIST = "GET /api/instructions/";
const report = itemFixture({ uuid: uuid(1), title: "Как загрузить отчёт", snippet: "Откройте раздел отчётов" });
const boards = itemFixture({ uuid: uuid(2), title: "Доски задач", snippet: "Задачи на доске" });

function renderDrawer() {
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <HelpDrawer open onClose={onClose} />
    </AppProviders>,
  );
  return { onClose };
}

/** The `q` of every call to the readers' list, in order. */
const searches = (api: ReturnType<typeof serveEditor>) =>
  api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/instructions/")
    .map((url) => url.searchParams.get("q"));

const listTitles = () =>
  [...(screen.queryByRole("list", { name: "Инструкции", hidden: true })?.querySelectorAll("li strong") ?? [])].map(
    (title) => title.textContent,
  );

describe("help drawer", { timeout: 20_000 }, () => {
  it("lists the caller's articles with their snippets", async () => {
    serveEditor({ [LIST]: { status: 200, body: [report, boards] } });
    renderDrawer();
    await screen.findByText("Как загрузить отчёт");
    expect(listTitles()).toEqual(["Как загрузить отчёт", "Доски задач"]);
    expect(screen.getByText("Задачи на доске")).toBeTruthy();
  });

  it("says so when there are no articles yet", async () => {
    serveEditor({ [LIST]: { status: 200, body: [] } });
    renderDrawer();
    expect(await screen.findByText("Инструкций пока нет")).toBeTruthy();
  });

  it("searches with q once typing pauses, and says when nothing matched", async () => {
    const api = serveEditor({
      [LIST]: () => {
        const q = new URL(String(api.fetchMock.mock.lastCall?.[0]), "http://localhost").searchParams.get("q");
        if (q === "доск") return { status: 200, body: [boards] };
        if (q === "трактор") return { status: 200, body: [] };
        return { status: 200, body: [report, boards] };
      },
    });
    renderDrawer();
    await screen.findByText("Как загрузить отчёт");

    const search = screen.getByRole("textbox", { name: "Поиск по инструкциям", hidden: true });
    fireEvent.change(search, { target: { value: "д" } });
    fireEvent.change(search, { target: { value: "доск " } });
    await waitFor(() => expect(listTitles()).toEqual(["Доски задач"]));
    expect(searches(api)).toEqual(["", "доск"]);

    fireEvent.change(search, { target: { value: "трактор" } });
    expect(await screen.findByText("Ничего не нашлось")).toBeTruthy();
    expect(searches(api)).toEqual(["", "доск", "трактор"]);
  });

  it("opens an article with its sanitised text and files, and goes back to the list", async () => {
    const body =
      '<h3>Шаг 1</h3><p>Откройте <b>Отчёты</b></p><img src=x onerror="alert(1)"><script>alert(2)</script><p onclick="alert(3)">Готово</p>';
    const api = serveEditor({
      [LIST]: { status: 200, body: [report, boards] },
      [`GET /api/instructions/${report.uuid}/`]: {
        status: 200,
        body: detailFixture({ uuid: report.uuid, title: report.title, body, attachments: [MANUAL] }),
      },
    });
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    renderDrawer();

    fireEvent.click(await screen.findByText("Как загрузить отчёт"));
    const article = await screen.findByRole("article", { name: "Как загрузить отчёт", hidden: true });
    await within(article).findByText("Шаг 1");
    expect(within(article).getByText("Отчёты").tagName).toBe("B");
    expect(within(article).getByText("Готово").getAttribute("onclick")).toBeNull();
    expect(document.querySelector("script")).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector("[onerror]")).toBeNull();
    expect(document.body.innerHTML).not.toContain("alert(");
    expect(alert).not.toHaveBeenCalled();
    expect(within(article).getByRole("listitem", { name: MANUAL.name, hidden: true })).toBeTruthy();
    expect(within(article).getByRole("button", { name: `Скачать «${MANUAL.name}»`, hidden: true })).toBeTruthy();
    expect(api.calls.some((c) => c.path === `/api/instructions/${report.uuid}/`)).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: /К списку/, hidden: true }));
    await waitFor(() => expect(listTitles()).toEqual(["Как загрузить отчёт", "Доски задач"]));
    expect(screen.queryByRole("article", { hidden: true })).toBeNull();
  });

  it("downloads a file with the bearer token under its own name", async () => {
    const api = serveEditor({
      [LIST]: { status: 200, body: [report] },
      [`GET /api/instructions/${report.uuid}/`]: {
        status: 200,
        body: detailFixture({ uuid: report.uuid, attachments: [MANUAL] }),
      },
      [`GET /api/attachments/${MANUAL.uuid}/`]: { status: 200, body: "pdf" },
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:file"), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderDrawer();

    fireEvent.click(await screen.findByText("Как загрузить отчёт"));
    fireEvent.click(await screen.findByRole("button", { name: `Скачать «${MANUAL.name}»`, hidden: true }));
    await waitFor(() => expect(clicked).toEqual([MANUAL.name]));
    const download = api.calls.find((c) => c.path === `/api/attachments/${MANUAL.uuid}/`);
    expect(download?.authorization).toMatch(/^Bearer /);
  });

  it("says when an article is no longer available", async () => {
    serveEditor({
      [LIST]: { status: 200, body: [report] },
      [`GET /api/instructions/${report.uuid}/`]: {
        status: 404,
        body: { code: "not_found", message: "Не найдено" },
      },
    });
    renderDrawer();
    fireEvent.click(await screen.findByText("Как загрузить отчёт"));
    expect(await screen.findByText("Эта инструкция больше недоступна.")).toBeTruthy();
  });
});
