import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App as AntApp } from "antd";
import { StrictMode } from "react";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { answerLeaveQuestion as answer, leaveQuestionShown } from "../../test/leave-question.ts";
import { useUnsavedChangesGuard } from "./use-unsaved-changes-guard.ts";

function EditorPage() {
  const guard = useUnsavedChangesGuard();
  return (
    <>
      <input aria-label="Заголовок" onChange={() => guard.setDirty(true)} />
      <button type="button" onClick={() => guard.setDirty(false)}>
        Сохранить
      </button>
      <button type="button" onClick={() => guard.confirmLeave(() => document.body.append("закрыто"))}>
        Закрыть
      </button>
      <Link to="/other">Другая страница</Link>
    </>
  );
}

function renderEditor() {
  const router = createMemoryRouter(
    [
      { path: "/editor", element: <EditorPage /> },
      { path: "/other", element: <p>Другая страница открыта</p> },
    ],
    { initialEntries: ["/editor"] },
  );
  render(
    <StrictMode>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </StrictMode>,
  );
  return router;
}

const type = () => fireEvent.change(screen.getByLabelText("Заголовок"), { target: { value: "Новый" } });

describe("useUnsavedChangesGuard", () => {
  it("leaves at once when nothing was changed", async () => {
    const router = renderEditor();
    fireEvent.click(screen.getByText("Другая страница"));
    expect(await screen.findByText("Другая страница открыта")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/other");
  });

  it("asks before leaving changed work; «Остаться» keeps the page and what was typed", async () => {
    const router = renderEditor();
    type();
    fireEvent.click(screen.getByText("Другая страница"));

    await answer("Остаться");

    await waitFor(() =>
      expect(
        router.state.blockers.size === 0 || [...router.state.blockers.values()].every((b) => b.state === "unblocked"),
      ).toBe(true),
    );
    expect(router.state.location.pathname).toBe("/editor");
    expect((screen.getByLabelText("Заголовок") as HTMLInputElement).value).toBe("Новый");
  });

  it("«Уйти» leaves the page", async () => {
    const router = renderEditor();
    type();
    fireEvent.click(screen.getByText("Другая страница"));

    await answer("Уйти");

    expect(await screen.findByText("Другая страница открыта")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/other");
  });

  it("does not ask after the changes were saved", async () => {
    const router = renderEditor();
    type();
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    fireEvent.click(screen.getByText("Другая страница"));

    expect(await screen.findByText("Другая страница открыта")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/other");
    expect(leaveQuestionShown()).toBe(false);
  });

  it("asks the browser before closing or reloading the tab with changes, not without", () => {
    renderEditor();
    const clean = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    type();
    const dirty = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it("confirmLeave asks for changed work and runs the action on «Уйти»", async () => {
    renderEditor();
    type();
    fireEvent.click(screen.getByRole("button", { name: "Закрыть" }));

    expect(document.body.textContent).not.toContain("закрыто");
    await answer("Уйти");
    await waitFor(() => expect(document.body.textContent).toContain("закрыто"));
  });
});
