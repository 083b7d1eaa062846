import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";

describe("start page", () => {
  it("greets the user inside the shell, with companies, farms and where the news will be", async () => {
    mockSignedIn();
    renderApp("/");

    expect(await screen.findByRole("heading", { name: "Здравствуйте, Иван Петров" })).toBeTruthy();
    expect(screen.getByText("АО Молочный край")).toBeTruthy();
    expect(screen.getByText("Ферма Заречная")).toBeTruthy();
    expect(screen.getByText("Лента новостей появится в следующем обновлении")).toBeTruthy();
    expect(screen.getByRole("banner")).toBeTruthy();
  });

  it("shows the error toast when user data cannot be loaded, and loads it again on request", async () => {
    let answer = { status: 500, body: { code: "internal_error", message: "Что-то пошло не так..." } as unknown };
    mockApi({
      "GET /api/users/verify_token/": { status: 200, body: { user_id: 42 } },
      "GET /api/users/data/": () => answer,
    });
    localStorage.setItem("access", "access-1");
    localStorage.setItem("refresh", "refresh-1");
    renderApp("/");

    expect(await screen.findByText("Что-то пошло не так...")).toBeTruthy();
    expect(screen.getByText("Данные пользователя не загрузились.")).toBeTruthy();

    answer = { status: 200, body: userDataFixture() };
    fireEvent.click(screen.getByRole("button", { name: "Повторить" }));
    await waitFor(() => expect(screen.getByText("Здравствуйте, Иван Петров")).toBeTruthy());
  });
});
