import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { publishMainMessage } from "../../../shared/realtime/main-messages.ts";
import { notificationsFixture, userDataFixture } from "../../../test/fixtures.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";
import { NOTIFICATIONS_CHANGED_JITTER_MS } from "../use-notifications-changed.ts";

const POLL = "POST /api/news/user_notifications/";

function serve() {
  const state = { answer: notificationsFixture(1) };
  const api = mockSignedIn(userDataFixture(), { [POLL]: () => ({ status: 200, body: state.answer }) });
  const polls = () => api.calls.filter((call) => call.method === "POST" && call.path.includes("notifications")).length;
  return { state, polls };
}

const badgeText = async () =>
  (await screen.findByRole("button", { name: "Уведомления" })).querySelector(".nadoy-badge-count")?.textContent ?? "";

const changed = () => act(() => publishMainMessage({ msg_type: "NOTIFICATIONS_CHANGED" }));

afterEach(() => {
  vi.useRealTimers();
});

describe("the bell and an editor's send (NOTIFICATIONS_CHANGED)", () => {
  it("refetches once after its random delay of up to 3 s, long before the next poll", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const { state, polls } = serve();
    renderApp("/");
    await waitFor(async () => expect(await badgeText()).toBe("1"));
    const before = polls();

    state.answer = notificationsFixture(4);
    changed();
    changed();
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_CHANGED_JITTER_MS / 2 - 100));
    expect(polls()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(100));

    await waitFor(async () => expect(await badgeText()).toBe("4"));
    expect(polls()).toBe(before + 1);
  });

  it("spreads the tabs' refetches over 0–3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const random = vi.spyOn(Math, "random").mockReturnValue(0.99);
    const { polls } = serve();
    renderApp("/");
    await waitFor(async () => expect(await badgeText()).toBe("1"));
    const before = polls();

    changed();
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_CHANGED_JITTER_MS * 0.99 - 50));
    expect(polls()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(50));
    await waitFor(() => expect(polls()).toBe(before + 1));
    expect(random).toHaveBeenCalled();
  });

  it("forgets a waiting refetch when the bell goes away (sign-out)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const { polls } = serve();
    const view = renderApp("/");
    await waitFor(async () => expect(await badgeText()).toBe("1"));

    changed();
    view.unmount();
    const before = polls();
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_CHANGED_JITTER_MS));
    expect(polls()).toBe(before);
  });
});
