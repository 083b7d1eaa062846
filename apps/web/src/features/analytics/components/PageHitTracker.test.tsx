import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import type { RecordedCall } from "../../../test/mock-api.ts";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { APP_CONFIG, mockSignedIn } from "../../../test/signed-in.ts";
import { METRIKA_SCRIPT_URL, resetMetrikaForTests } from "../metrika.ts";

const hits = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === "/api/analytics/page_hit/").map((call) => call.body);
const metrikaScripts = () => document.querySelectorAll(`script[src="${METRIKA_SCRIPT_URL}"]`);
const ymCalls = () => (window.ym?.a ?? []).map((args) => [args[0], args[1], args[2]]);

afterEach(() => {
  for (const script of metrikaScripts()) script.remove();
  delete window.ym;
  resetMetrikaForTests();
});

describe("page hits (spec §7)", () => {
  it("sends one hit per route change of a signed-in user", async () => {
    const api = mockSignedIn();
    const { router } = renderApp("/");
    await screen.findByText("Здравствуйте, Иван Петров");
    await waitFor(() => expect(hits(api.calls)).toEqual([{ path: "/" }]));

    await act(() => router.navigate("/boards"));
    await screen.findByRole("heading", { name: "Доски задач" });
    await act(() => router.navigate("/userprofile/services"));
    await screen.findByRole("tab", { name: "Сервисы", selected: true });
    await act(() => router.navigate("/boards?tab=2"));
    await screen.findByRole("heading", { name: "Доски задач" });

    await waitFor(() =>
      expect(hits(api.calls)).toEqual([
        { path: "/" },
        { path: "/boards" },
        { path: "/userprofile/services" },
        { path: "/boards" },
      ]),
    );
  });

  it("sends the stored access token", async () => {
    const api = mockSignedIn();
    renderApp("/");
    await waitFor(() => expect(hits(api.calls)).toHaveLength(1));
    expect(api.calls.find((call) => call.path === "/api/analytics/page_hit/")?.authorization).toBe("Bearer access-1");
  });

  it("sends nothing for a visitor who is not signed in", async () => {
    const api = mockApi({});
    const { router } = renderApp("/login");
    await screen.findByRole("button", { name: "Войти" });
    await act(() => router.navigate("/register"));
    await act(() => router.navigate("/terms-of-service"));
    await screen.findByRole("heading", { name: "Пользовательское соглашение" });

    expect(api.calls.filter((call) => call.path === "/api/analytics/page_hit/")).toEqual([]);
  });

  it("drops a hit refused with 429: no retry, no toast", async () => {
    const api = mockSignedIn(userDataFixture(), {
      "POST /api/analytics/page_hit/": {
        status: 429,
        body: { code: "too_many_requests", message: "Слишком много попыток. Повторите позже." },
      },
    });
    const { router } = renderApp("/");
    await waitFor(() => expect(hits(api.calls)).toHaveLength(1));
    await act(() => router.navigate("/boards"));
    await waitFor(() => expect(hits(api.calls)).toHaveLength(2));

    await screen.findByRole("heading", { name: "Доски задач" });
    expect(screen.queryByText(/Слишком много попыток|Что-то пошло не так/)).toBeNull();
    expect(hits(api.calls)).toHaveLength(2);
  });
});

describe("Yandex Metrika", () => {
  it("adds nothing when no counter is configured", async () => {
    const api = mockSignedIn();
    renderApp("/");
    await waitFor(() => expect(api.calls.some((call) => call.path === "/api/config/")).toBe(true));
    await waitFor(() => expect(hits(api.calls)).toHaveLength(1));

    expect(metrikaScripts()).toHaveLength(0);
    expect(window.ym).toBeUndefined();
  });

  it("loads the counter once and reports each route change to it", async () => {
    mockSignedIn(userDataFixture(), {
      "GET /api/config/": { status: 200, body: { ...APP_CONFIG, yandex_metrika_id: "98765432" } },
    });
    const { router } = renderApp("/");

    await waitFor(() => expect(metrikaScripts()).toHaveLength(1));
    await waitFor(() =>
      expect(ymCalls()).toEqual([
        [98765432, "init", expect.objectContaining({ defer: true })],
        [98765432, "hit", `${window.location.origin}/`],
      ]),
    );

    await act(() => router.navigate("/reset-password/secret-token"));
    await act(() => router.navigate("/boards"));
    await waitFor(() => expect(ymCalls()).toHaveLength(4));
    expect(ymCalls().slice(2)).toEqual([
      [98765432, "hit", `${window.location.origin}/reset-password/:token`],
      [98765432, "hit", `${window.location.origin}/boards`],
    ]);
    expect(metrikaScripts()).toHaveLength(1);
    expect((metrikaScripts()[0] as HTMLScriptElement).async).toBe(true);
  });
});
