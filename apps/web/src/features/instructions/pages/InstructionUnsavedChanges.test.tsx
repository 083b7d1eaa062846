import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerLeaveQuestion, leaveQuestionShown } from "../../../test/leave-question.ts";
import { managedFixture, renderManagePage, rowOf, serveEditor, uuid } from "../test-support.tsx";

const article = managedFixture({ uuid: uuid(1), title: "Как загрузить отчёт", position: 1 });
const LIST = { "GET /api/manage/instructions/": { status: 200, body: [rowOf(article)] } };

/** Opens the create drawer and returns it. */
async function openNewDrawer() {
  fireEvent.click(
    (await screen.findByText("Добавить инструкцию", {}, { timeout: 30_000 })).closest("button") as HTMLElement,
  );
  const drawer = await screen.findByRole("dialog");
  await within(drawer).findByText("Новая инструкция");
  return drawer;
}

const drawerOpen = () => document.querySelector(".ant-drawer-open") !== null;

describe("the instruction editor keeps unsaved work", { timeout: 60_000 }, () => {
  it("asks before closing the drawer with changes; «Остаться» keeps them, «Уйти» closes", async () => {
    serveEditor(LIST);
    renderManagePage();
    const drawer = await openNewDrawer();
    const title = within(drawer).getByLabelText("Название") as HTMLInputElement;
    fireEvent.change(title, { target: { value: "Черновик инструкции" } });

    fireEvent.click(within(drawer).getByRole("button", { name: "Отмена", hidden: true }));
    await answerLeaveQuestion("Остаться");
    expect(drawerOpen()).toBe(true);
    expect(title.value).toBe("Черновик инструкции");

    fireEvent.keyDown(drawer, { key: "Escape" });
    await answerLeaveQuestion("Уйти");
    await waitFor(() => expect(drawerOpen()).toBe(false));
  });

  it("closes at once without changes", async () => {
    serveEditor(LIST);
    renderManagePage();
    const drawer = await openNewDrawer();

    fireEvent.click(within(drawer).getByRole("button", { name: "Отмена", hidden: true }));
    await waitFor(() => expect(drawerOpen()).toBe(false));
    expect(leaveQuestionShown()).toBe(false);
  });
});
