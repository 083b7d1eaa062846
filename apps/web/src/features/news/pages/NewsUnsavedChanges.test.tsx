import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerLeaveQuestion, leaveQuestionShown } from "../../../test/leave-question.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { managedNewsFixture, serveEditor } from "../test-support.ts";

const item = managedNewsFixture({ id: 7, title: "Итоги года" });
const title = () => screen.getByLabelText("Заголовок", { selector: "input" }) as HTMLInputElement;
const typeTitle = (value: string) => fireEvent.change(title(), { target: { value } });
const backLink = () => screen.getByText("← Все новости");

describe("the news editor keeps unsaved work", { timeout: 60_000 }, () => {
  it("asks before leaving a new item with text typed; «Остаться» keeps it, «Уйти» leaves", async () => {
    serveEditor({
      "GET /api/manage/news/": { status: 200, body: { count: 0, next: null, previous: null, results: [] } },
    });
    const { router } = renderApp("/add-news");
    await screen.findByText("Новая новость", {}, { timeout: 30_000 });
    typeTitle("Новый корм");

    fireEvent.click(backLink());
    await answerLeaveQuestion("Остаться");
    expect(router.state.location.pathname).toBe("/add-news");
    expect(title().value).toBe("Новый корм");

    fireEvent.click(backLink());
    await answerLeaveQuestion("Уйти");
    await waitFor(() => expect(router.state.location.pathname).toBe("/manage-news"));
  });

  it("does not ask after the changes were saved", async () => {
    serveEditor({
      "GET /api/manage/news/7/": { status: 200, body: item },
      "PATCH /api/manage/news/7/": { status: 200, body: { ...item, title: "Итоги 2025 года" } },
      "GET /api/manage/news/": { status: 200, body: { count: 0, next: null, previous: null, results: [] } },
    });
    const { router } = renderApp("/news-edit/7");
    await waitFor(() => expect(title().value).toBe("Итоги года"), { timeout: 30_000 });
    typeTitle("Итоги 2025 года");
    fireEvent.click(screen.getByText("Сохранить", { selector: "button span" }));
    await screen.findByText("Изменения сохранены");

    fireEvent.click(backLink());
    await waitFor(() => expect(router.state.location.pathname).toBe("/manage-news"));
    expect(leaveQuestionShown()).toBe(false);
  });
});
