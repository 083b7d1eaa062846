import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";
import { boardsUser, COMPANY } from "../test-support.ts";

describe("boards page without access: the real reason", { timeout: 20_000 }, () => {
  it("a user of no company is told to ask to be added to one", async () => {
    mockSignedIn(boardsUser({ boards: false, user_companies: [] }), {});
    renderApp("/boards");
    expect(await screen.findByText("Раздел недоступен")).toBeTruthy();
    expect(
      screen.getByText(/вы не состоите ни в одной. Попросите администратора добавить вас в компанию/),
    ).toBeTruthy();
  });

  it("a company member with the module off is told it is off for the account", async () => {
    mockSignedIn(boardsUser({ boards: false, user_companies: [COMPANY] }), {});
    renderApp("/boards");
    expect(
      await screen.findByText("Модуль «Задачи» отключён для вашей учётной записи — обратитесь к администратору."),
    ).toBeTruthy();
  });
});
