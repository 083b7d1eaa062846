import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { storeSession, userDataFixture } from "../../../test/fixtures.ts";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";

describe("start page", () => {
  it("shows the error toast when user data cannot be loaded", async () => {
    storeSession();
    mockApi({
      "GET /api/users/verify_token/": { status: 200, body: { user_id: 42 } },
      "GET /api/users/data/": { status: 500, body: { code: "internal_error", message: "Что-то пошло не так..." } },
    });
    renderApp("/");

    expect(await screen.findByText("Что-то пошло не так...")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Надой" })).toBeTruthy();
  });

  it("«Выйти» opens the logout page", async () => {
    storeSession();
    mockApi({
      "GET /api/users/verify_token/": { status: 200, body: { user_id: 42 } },
      "GET /api/users/data/": { status: 200, body: userDataFixture() },
      "POST /api/users/logout/": { status: 205 },
    });
    const { router, location } = renderApp("/");

    fireEvent.click(await screen.findByRole("button", { name: "Выйти" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/logout"));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith("/login"));
  });
});
