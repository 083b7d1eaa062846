import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture, userProfileFixture } from "../../../test/fixtures.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";

const TEXT = "Плановые работы на сервере 30 ноября с 22:00 до 23:00 МСК.";

/** users/data with the announcement; GET and PATCH user_profile answering like the real server. */
function serverWithAnnouncement(announcement: string | null, lastRead: string | null = null) {
  let lastReadOnServer = lastRead;
  const api = mockSignedIn(userDataFixture({ announcement }), {
    "GET /api/users/user_profile/": () => ({
      status: 200,
      body: userProfileFixture({ last_read_announcement: lastReadOnServer }),
    }),
    "PATCH /api/users/user_profile/": (call) => {
      lastReadOnServer = (call.body as { last_read_announcement: string }).last_read_announcement;
      return { status: 200, body: userProfileFixture({ last_read_announcement: lastReadOnServer }) };
    },
  });
  return api;
}

const bar = () => screen.queryByRole("alert", { name: "Объявление" });

async function shellReady() {
  await screen.findByText("Здравствуйте, Иван Петров");
}

describe("announcement bar (spec §4 app start)", () => {
  it("shows an announcement the user has not closed", async () => {
    serverWithAnnouncement(TEXT);
    renderApp("/");

    const shown = await screen.findByRole("alert", { name: "Объявление" });
    expect(shown.textContent).toContain(TEXT);
  });

  it("closing stores it as read, here and on the server", async () => {
    const api = serverWithAnnouncement(TEXT);
    renderApp("/");

    await screen.findByRole("alert", { name: "Объявление" });
    fireEvent.click(screen.getByRole("button", { name: "Закрыть объявление" }));

    await waitFor(() => expect(bar()).toBeNull());
    expect(localStorage.getItem("announcement")).toBe(TEXT);
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === "PATCH").map((call) => call.body)).toEqual([
        { last_read_announcement: TEXT },
      ]),
    );
  });

  it("never shows the same text again, without even asking the server", async () => {
    localStorage.setItem("announcement", TEXT);
    const api = serverWithAnnouncement(TEXT);
    renderApp("/");
    await shellReady();

    expect(bar()).toBeNull();
    expect(api.calls.some((call) => call.path === "/api/users/user_profile/")).toBe(false);
  });

  it("stays closed on another device: the server's last-read copy counts too", async () => {
    serverWithAnnouncement(TEXT, TEXT);
    renderApp("/");
    await shellReady();

    await waitFor(() => expect(localStorage.getItem("announcement")).toBe(TEXT));
    expect(bar()).toBeNull();
  });

  it("shows a new announcement although an older one was closed", async () => {
    localStorage.setItem("announcement", "Старое объявление");
    serverWithAnnouncement(TEXT, "Старое объявление");
    renderApp("/");

    expect((await screen.findByRole("alert", { name: "Объявление" })).textContent).toContain(TEXT);
  });

  it("shows nothing without an announcement", async () => {
    const api = serverWithAnnouncement(null);
    renderApp("/");
    await shellReady();

    expect(bar()).toBeNull();
    expect(api.calls.some((call) => call.path === "/api/users/user_profile/")).toBe(false);
  });
});
