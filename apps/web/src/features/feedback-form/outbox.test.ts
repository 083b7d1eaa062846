import type { FormSubmitBody } from "@nadoy/contract/table-lists";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/mock-api.ts";
import { createOutbox, OUTBOX_KEY, outcomeOfStatus, RETRY_BASE_MS, retryDelay, type SendOutcome } from "./outbox.ts";

const LINK = "0b6f3a52-3c1e-4a57-9d5c-2f4f0c7f8a11";
const SUBMIT = "POST /api/tableLists/link_uuid_form/";
const body = (text: string): FormSubmitBody => ({ uuid_link: LINK, form_data: { a: text } });
/** The body as sent: the submission with its outbox id as client_id. */
const sent = (text: string) => ({ ...body(text), client_id: expect.stringMatching(/^id-\d+$/) });
const stored = () => JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? "[]") as { id: string; attempts: number }[];

/** An outbox on a hand-driven clock; `stops` are the start() handles to undo after the test. */
let clock = 1_000_000;
const stops: (() => void)[] = [];
function outbox(send?: (body: FormSubmitBody) => Promise<SendOutcome>) {
  let id = 0;
  return createOutbox({ now: () => clock, newId: () => `id-${++id}`, ...(send ? { send } : {}) });
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  clock = 1_000_000;
  vi.useRealTimers();
});

describe("what an answer means", () => {
  it("201 sent; 400/404/413 refused for good; network, 5xx, 408, 429 retried", () => {
    expect(outcomeOfStatus(201)).toBe("sent");
    for (const status of [400, 404, 413, 422]) expect(outcomeOfStatus(status)).toBe("refused");
    for (const status of [0, 408, 429, 500, 502, 503]) expect(outcomeOfStatus(status)).toBe("retry");
  });

  it("waits 5 s, then twice as long each time, at most 10 minutes", () => {
    expect(retryDelay(1)).toBe(RETRY_BASE_MS);
    expect(retryDelay(2)).toBe(2 * RETRY_BASE_MS);
    expect(retryDelay(30)).toBe(10 * 60_000);
  });
});

describe("the outbox over the real route", () => {
  it("stores a submission before sending and removes it on 201", async () => {
    let seenWhileSending: unknown[] = [];
    const api = mockApi({
      [SUBMIT]: () => {
        seenWhileSending = stored();
        return { status: 201, body: { detail: "ok" } };
      },
    });
    await outbox().submit(body("x"));
    expect(seenWhileSending).toHaveLength(1);
    expect(api.calls.map((c) => c.body)).toEqual([sent("x")]);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it("drops a submission the server refuses for good (400, 404, 413)", async () => {
    for (const status of [400, 404, 413]) {
      mockApi({ [SUBMIT]: { status, body: { code: "validation_error", message: "Ошибка" } } });
      await outbox().submit(body(String(status)));
      expect(stored()).toEqual([]);
    }
  });

  it("keeps it while offline or on a 5xx, and sends it again on the next page load", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await outbox().submit(body("offline"));
    expect(stored()).toMatchObject([{ attempts: 1 }]);

    mockApi({ [SUBMIT]: { status: 503, body: { code: "unavailable", message: "Нет" } } });
    clock += retryDelay(1);
    await outbox().flush();
    expect(stored()).toMatchObject([{ attempts: 2 }]);

    // The next visit of a /form/ page: a new outbox over the same storage, sent at once on start.
    const api = mockApi({ [SUBMIT]: { status: 201, body: { detail: "ok" } } });
    const next = outbox();
    stops.push(next.start());
    await next.flush();
    expect(api.calls.map((c) => c.body)).toEqual([sent("offline")]);
    expect(stored()).toEqual([]);
  });

  it("keeps it on 429 with a growing delay and does not resend before it is due", async () => {
    const api = mockApi({ [SUBMIT]: { status: 429, body: { code: "rate_limited", message: "Слишком часто" } } });
    const box = outbox();
    await box.submit(body("busy"));
    await box.flush();
    expect(api.calls).toHaveLength(1);
    clock += retryDelay(1);
    await box.flush();
    expect(api.calls).toHaveLength(2);
    expect(stored()).toMatchObject([{ attempts: 2 }]);
  });

  it("sends again when the browser comes back online, even before the delay is over", async () => {
    const offline = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", offline);
    const box = outbox();
    stops.push(box.start());
    await box.submit(body("later"));
    await box.flush();
    expect(offline).toHaveBeenCalledTimes(1);
    const api = mockApi({ [SUBMIT]: { status: 201, body: { detail: "ok" } } });
    window.dispatchEvent(new Event("online"));
    await box.flush();
    expect(api.calls.map((c) => c.body)).toEqual([sent("later")]);
    expect(stored()).toEqual([]);
  });

  it("retries by itself when the delay is over", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const outcomes: SendOutcome[] = ["retry", "sent"];
    const send = vi.fn(async () => outcomes.shift() ?? "sent");
    const box = outbox(send);
    await box.submit(body("timer"));
    expect(send).toHaveBeenCalledTimes(1);
    clock += retryDelay(1);
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    expect(send).toHaveBeenCalledTimes(2);
    expect(stored()).toEqual([]);
  });
});

describe("never two sends of one submission at once", () => {
  it("a flush asked for while one runs waits for it and does not resend what it sent", async () => {
    let release: (outcome: SendOutcome) => void = () => {};
    const send = vi.fn(() => new Promise<SendOutcome>((resolve) => (release = resolve)));
    const box = outbox(send);
    const first = box.submit(body("one"));
    const second = box.flush(true);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    release("sent");
    await Promise.all([first, second]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual([]);
  });

  it("skips a submission another tab already sent while this one waited for the lock", async () => {
    const send = vi.fn(async (): Promise<SendOutcome> => "sent");
    let other: (() => void) | null = null;
    const box = createOutbox({
      now: () => clock,
      send,
      // The lock is granted only after "another tab" has sent and removed the entry.
      exclusive: async (task) => {
        other?.();
        return task();
      },
    });
    localStorage.setItem(
      OUTBOX_KEY,
      JSON.stringify([{ id: "x", body: body("x"), attempts: 0, next_at: 0, created_at: 0 }]),
    );
    other = () => localStorage.removeItem(OUTBOX_KEY);
    await box.flush();
    expect(send).not.toHaveBeenCalled();
  });
});
