import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture, userProfileFixture } from "../../../test/fixtures.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";

const CHECKBOX = "Я принимаю условия использования и согласие на обработку персональных данных";
const failure = { status: 500, body: { code: "internal_error", message: "Что-то пошло не так..." } };

/** The terms dialog once its code is in (until then a placeholder with its title blocks the page). */
async function termsDialog(): Promise<HTMLElement> {
  await screen.findByRole("checkbox", { name: CHECKBOX });
  return screen.getByRole("dialog", { name: "Условия использования" });
}

/** What a user tries to get rid of a dialog with: Escape, and a click on the dimmed page around it. */
function tryToDismiss(dialog: HTMLElement) {
  fireEvent.keyDown(dialog, { key: "Escape", code: "Escape" });
  fireEvent.keyDown(window, { key: "Escape", code: "Escape" });
  const wrap = dialog.closest(".ant-modal-wrap") ?? document.querySelector(".ant-modal-wrap");
  if (!wrap) throw new Error("the modal has no backdrop wrapper");
  fireEvent.mouseDown(wrap);
  fireEvent.mouseUp(wrap);
  fireEvent.click(wrap);
  const mask = document.querySelector(".ant-modal-mask");
  if (mask) fireEvent.click(mask);
}

describe("terms dialog (spec §4 app start, §5)", () => {
  it("blocks the app while the terms are not accepted: Escape and the backdrop do nothing", async () => {
    mockSignedIn(userDataFixture({ read_status: false }));
    renderApp("/");

    const dialog = await termsDialog();
    expect(within(dialog).queryByRole("button", { name: /закрыть|close/i })).toBeNull();
    tryToDismiss(dialog);

    expect(await termsDialog()).toBeTruthy();
    expect(within(await termsDialog()).getByRole("checkbox", { name: CHECKBOX })).toBeTruthy();
  });

  it("links the two documents, opening in a new tab", async () => {
    mockSignedIn(userDataFixture({ read_status: false }));
    renderApp("/");
    const dialog = await termsDialog();

    const terms = within(dialog).getByRole("link", { name: "условия использования" });
    const consent = within(dialog).getByRole("link", { name: "согласие на обработку персональных данных" });
    expect(terms.getAttribute("href")).toBe("/terms-of-service");
    expect(consent.getAttribute("href")).toBe("/personal-data-agreement");
    expect(terms.getAttribute("target")).toBe("_blank");
    expect(consent.getAttribute("target")).toBe("_blank");
  });

  it("ticking sends the acceptance and closes the dialog on 200", async () => {
    const api = mockSignedIn(userDataFixture({ read_status: false }), {
      "PATCH /api/users/user_profile/": { status: 200, body: userProfileFixture({ read_status: true }) },
    });
    renderApp("/");

    fireEvent.click(within(await termsDialog()).getByRole("checkbox", { name: CHECKBOX }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Условия использования" })).toBeNull());
    expect(api.calls.filter((call) => call.method === "PATCH").map((call) => call.body)).toEqual([
      { read_status: true },
    ]);
    expect(screen.getByText("Здравствуйте, Иван Петров")).toBeTruthy();
  });

  it("stays, unticked, with the error toast when the acceptance fails", async () => {
    mockSignedIn(userDataFixture({ read_status: false }), { "PATCH /api/users/user_profile/": failure });
    renderApp("/");

    const checkbox = within(await termsDialog()).getByRole("checkbox", { name: CHECKBOX });
    fireEvent.click(checkbox);

    expect(await screen.findByText("Что-то пошло не так...")).toBeTruthy();
    await waitFor(() => expect((checkbox as HTMLInputElement).checked).toBe(false));
    tryToDismiss(await termsDialog());
    expect(await termsDialog()).toBeTruthy();
  });

  it("does not show once the terms are accepted", async () => {
    mockSignedIn(userDataFixture({ read_status: true }));
    renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
