import type { Theme } from "@nadoy/contract/constants";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { userDataFixture, userProfileFixture } from "../../test/fixtures.ts";
import { mockApi } from "../../test/mock-api.ts";
import { renderApp } from "../../test/render-app.tsx";
import { mockSignedIn } from "../../test/signed-in.ts";

function systemPrefersDark(dark: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: dark && query === "(prefers-color-scheme: dark)",
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const themeSwitch = () => screen.findByRole("switch", { name: "Тёмная тема" });
const pageScheme = () => document.documentElement.style.colorScheme;

/** A server that keeps the theme it is sent, as the real one does. */
function serverKeepingTheme(initial: Theme, patchStatus = 200) {
  let saved = initial;
  const api = mockSignedIn(userDataFixture(), {
    "GET /api/users/data/": () => ({ status: 200, body: userDataFixture({ theme: saved }) }),
    "PATCH /api/users/user_profile/": (call) => {
      if (patchStatus !== 200) {
        return { status: patchStatus, body: { code: "internal_error", message: "Что-то пошло не так..." } };
      }
      saved = (call.body as { theme: Theme }).theme;
      return { status: 200, body: userProfileFixture({ theme: saved }) };
    },
  });
  return { api, saved: () => saved };
}

describe("theme (spec §4)", () => {
  it("follows the system dark-mode preference while nothing is stored", async () => {
    systemPrefersDark(true);
    mockApi({});
    renderApp("/login");
    await screen.findByRole("button", { name: "Войти" });
    expect(pageScheme()).toBe("dark");
  });

  it("is the standard theme on a light system", async () => {
    systemPrefersDark(false);
    mockApi({});
    renderApp("/login");
    await screen.findByRole("button", { name: "Войти" });
    expect(pageScheme()).toBe("light");
  });

  it("keeps the stored theme over the system's", async () => {
    systemPrefersDark(true);
    localStorage.setItem("theme", "default");
    mockApi({});
    renderApp("/login");
    await screen.findByRole("button", { name: "Войти" });
    expect(pageScheme()).toBe("light");
  });

  it("takes the server's theme over the stored one", async () => {
    mockSignedIn(userDataFixture({ theme: "black" }));
    renderApp("/");

    await waitFor(async () => expect((await themeSwitch()).getAttribute("aria-checked")).toBe("true"));
    expect(localStorage.getItem("theme")).toBe("black");
    expect(pageScheme()).toBe("dark");
  });

  it("toggles the page, browser storage and the server, and survives a reload", async () => {
    const server = serverKeepingTheme("default");
    const first = renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");
    expect((await themeSwitch()).getAttribute("aria-checked")).toBe("false");

    fireEvent.click(await themeSwitch());

    await waitFor(async () => expect((await themeSwitch()).getAttribute("aria-checked")).toBe("true"));
    expect(pageScheme()).toBe("dark");
    expect(localStorage.getItem("theme")).toBe("black");
    await waitFor(() =>
      expect(server.api.calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([{ theme: "black" }]),
    );
    expect(server.saved()).toBe("black");
    first.unmount();

    renderApp("/");
    expect((await themeSwitch()).getAttribute("aria-checked")).toBe("true");
    await screen.findByText("Здравствуйте, Иван Петров");
    expect((await themeSwitch()).getAttribute("aria-checked")).toBe("true");
    expect(pageScheme()).toBe("dark");
  });

  it("shows the error toast when the server does not save it, and keeps the choice here", async () => {
    serverKeepingTheme("default", 500);
    renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");

    fireEvent.click(await themeSwitch());

    expect(await screen.findByText("Что-то пошло не так...")).toBeTruthy();
    expect(localStorage.getItem("theme")).toBe("black");
    expect((await themeSwitch()).getAttribute("aria-checked")).toBe("true");
  });
});
