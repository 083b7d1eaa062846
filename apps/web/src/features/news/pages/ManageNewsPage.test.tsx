import type { ManagedNews } from "@nadoy/contract/content";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";
import { COMPANY, editorData, managedNewsFixture, serveEditor, summaryOf } from "../test-support.ts";

const LIST = "GET /api/manage/news/";
const draft = managedNewsFixture({ id: 7, title: "Черновик о кормах" });
const published = managedNewsFixture({
  id: 8,
  title: "Итоги года",
  status: "published",
  publish_at: "2026-03-05T08:00:00.000Z",
  audience: { kind: "companies", companies: [COMPANY] },
});
const scheduled = managedNewsFixture({
  id: 9,
  title: "Выставка",
  status: "scheduled",
  publish_at: "2099-06-01T07:00:00.000Z",
  audience: { kind: "roles", roles: [3, 7] },
});
const list = [draft, published, scheduled].map(summaryOf);

/** The answer of a publish call: the item with the status its publish_at gives. */
const publishAnswer = (item: ManagedNews) => (call: { body: unknown }) => {
  const publishAt = (call.body as { publish_at: string | null }).publish_at;
  const status = publishAt === null ? "draft" : new Date(publishAt) > new Date() ? "scheduled" : "published";
  return { status: 200, body: { ...item, publish_at: publishAt, status } };
};

// Role queries are slow in jsdom under antd's many style sheets (every ancestor's computed style is
// read to decide visibility): rows are found by their title's text, buttons with `hidden: true`.
async function rowOf(title: string) {
  return (await screen.findByText(title, { selector: "a" })).closest("tr") as HTMLElement;
}

describe("news management", { timeout: 20_000 }, () => {
  it("lists every item with its status, audience and last change", async () => {
    serveEditor({ [LIST]: { status: 200, body: list } });
    renderApp("/manage-news");

    const draftRow = await rowOf("Черновик о кормах");
    expect(within(draftRow).getByRole("link", { name: "Черновик о кормах" }).getAttribute("href")).toBe("/news-edit/7");
    expect(within(draftRow).getByText("Черновик")).toBeTruthy();
    expect(draftRow.textContent).toContain("Все пользователи");
    expect(draftRow.textContent).toContain("Мария Редактор");
    const publishedRow = await rowOf("Итоги года");
    expect(within(publishedRow).getByText("Опубликована")).toBeTruthy();
    expect(publishedRow.textContent).toContain(`Компании: ${COMPANY.name}`);
    const scheduledRow = await rowOf("Выставка");
    expect(within(scheduledRow).getByText("Запланирована")).toBeTruthy();
    expect(scheduledRow.textContent).toContain("Роли: Зоотехник, Клиент");
    expect(screen.getByText("Добавить новость").closest("a")?.getAttribute("href")).toBe("/add-news");
  });

  it("publishes a draft now and unpublishes a published item", async () => {
    const api = serveEditor({
      [LIST]: { status: 200, body: list },
      "POST /api/manage/news/7/publish/": publishAnswer(draft),
      "POST /api/manage/news/8/publish/": publishAnswer(published),
    });
    renderApp("/manage-news");

    const before = Date.now();
    fireEvent.click(
      within(await rowOf("Черновик о кормах")).getByRole("button", { name: "Опубликовать", hidden: true }),
    );
    await waitFor(() => expect(api.calls.some((c) => c.path === "/api/manage/news/7/publish/")).toBe(true));
    const sent = api.calls.find((c) => c.path === "/api/manage/news/7/publish/")?.body as { publish_at: string };
    expect(new Date(sent.publish_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(sent.publish_at).getTime()).toBeLessThanOrEqual(Date.now());

    fireEvent.click(
      within(await rowOf("Итоги года")).getByRole("button", { name: "Снять с публикации", hidden: true }),
    );
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === "/api/manage/news/8/publish/")?.body).toEqual({ publish_at: null }),
    );
    expect(api.calls.filter((c) => c.method === "POST" && c.path.startsWith("/api/manage/"))).toHaveLength(2);
  });

  it("schedules an item for a chosen date and time", async () => {
    const api = serveEditor({
      [LIST]: { status: 200, body: list },
      "POST /api/manage/news/7/publish/": publishAnswer(draft),
    });
    renderApp("/manage-news");

    fireEvent.click(
      within(await rowOf("Черновик о кормах")).getByRole("button", { name: "Запланировать", hidden: true }),
    );
    const dialog = await screen.findByRole("dialog");
    const input = within(dialog).getByLabelText("Дата и время публикации");
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: "01.06.2099 10:30" } });
    fireEvent.keyDown(input, { key: "Enter", code: "Enter" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Запланировать", hidden: true }));

    await waitFor(() => expect(api.calls.some((c) => c.path === "/api/manage/news/7/publish/")).toBe(true));
    const sent = api.calls.find((c) => c.path === "/api/manage/news/7/publish/")?.body as { publish_at: string };
    const at = new Date(sent.publish_at);
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()]).toEqual([
      2099, 5, 1, 10, 30,
    ]);
  });

  it("deletes an item only after the confirmation", async () => {
    const api = serveEditor({
      [LIST]: { status: 200, body: list },
      "DELETE /api/manage/news/8/": { status: 204 },
    });
    renderApp("/manage-news");
    const deletes = () => api.calls.filter((c) => c.method === "DELETE");

    fireEvent.click(
      within(await rowOf("Итоги года")).getByRole("button", { name: "Удалить «Итоги года»", hidden: true }),
    );
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Удалить новость «Итоги года»?");
    expect(deletes()).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole("button", { name: "Удалить", hidden: true }));
    await waitFor(() => expect(screen.queryByText("Итоги года")).toBeNull());
    expect(deletes().map((c) => c.path)).toEqual(["/api/manage/news/8/"]);
    expect(screen.getByText("Черновик о кормах")).toBeTruthy();
  });

  it("lets superusers in", async () => {
    serveEditor({ [LIST]: { status: 200, body: [] } }, editorData({ groups: [3], is_superuser: true }));
    renderApp("/manage-news");
    expect(await screen.findByText("Новостей пока нет")).toBeTruthy();
  });

  it.each([["/manage-news"], ["/add-news"], ["/news-edit/7"]])(
    "refuses %s to users who are not content editors, without asking the editors' API",
    async (path) => {
      const api = mockSignedIn(userDataFixture({ groups: [1] }));
      renderApp(path);
      expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
      expect(api.calls.some((c) => c.path.startsWith("/api/manage/") || c.path.startsWith("/api/content/"))).toBe(
        false,
      );
    },
  );
});
