import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerLeaveQuestion, leaveQuestionShown } from "../../../test/leave-question.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { cellOf, LIST_UUID, listFixture, serveList } from "../test-support.ts";

const LIST_PATH = `/lists/${LIST_UUID}`;
const FORM = `GET /api/tableLists/lists/${LIST_UUID}/form/`;
const emptyForm = { uuid_link: LIST_UUID, published: false, form_header: "", conclusion: "", elements: [] };

const tab = (name: string) => screen.getByRole("tab", { name });

async function openList() {
  serveList(listFixture({ can_manage: true }), { [FORM]: { status: 200, body: emptyForm } });
  const view = renderApp(LIST_PATH);
  await screen.findByText("Зорька", {}, { timeout: 30_000 });
  return view;
}

describe("the list page keeps unsaved work", { timeout: 60_000 }, () => {
  it("asks before switching away from a changed form draft; «Остаться» keeps the draft", async () => {
    await openList();
    fireEvent.click(tab("Форма"));
    const header = (await screen.findByRole("textbox", { name: "Заголовок формы" })) as HTMLInputElement;
    fireEvent.change(header, { target: { value: "Заявка на корма" } });

    fireEvent.click(tab("Данные"));
    await answerLeaveQuestion("Остаться");
    expect(tab("Форма").getAttribute("aria-selected")).toBe("true");
    expect(header.value).toBe("Заявка на корма");

    fireEvent.click(tab("Данные"));
    await answerLeaveQuestion("Уйти");
    await waitFor(() => expect(tab("Данные").getAttribute("aria-selected")).toBe("true"));
  });

  it("switches tabs at once when the draft is unchanged", async () => {
    await openList();
    fireEvent.click(tab("Форма"));
    await screen.findByRole("textbox", { name: "Заголовок формы" });

    fireEvent.click(tab("Данные"));
    await waitFor(() => expect(tab("Данные").getAttribute("aria-selected")).toBe("true"));
    expect(leaveQuestionShown()).toBe(false);
  });

  it("asks before leaving the page while a cell is being edited with a changed value", async () => {
    const { router } = await openList();
    fireEvent.click(cellOf("Белка", "Кличка"));
    fireEvent.change(screen.getByRole("textbox", { name: "Кличка" }), { target: { value: "Лиса" } });

    // The browser's Back (no blur to save the cell first).
    void router.navigate("/lists");
    await answerLeaveQuestion("Остаться");
    expect(router.state.location.pathname).toBe(LIST_PATH);
    expect((screen.getByRole("textbox", { name: "Кличка" }) as HTMLInputElement).value).toBe("Лиса");
  });
});
