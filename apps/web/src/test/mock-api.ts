import { vi } from "vitest";

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

type Reply = { status: number; body?: unknown };
type Handler = Reply | ((call: RecordedCall) => Reply);

/**
 * Replaces fetch with canned answers keyed by "METHOD /path" and records every call. An
 * unexpected call fails the test loudly.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = init?.method ?? "GET";
    const headers = new Headers(init?.headers);
    const call = {
      method,
      path: url.pathname,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      authorization: headers.get("authorization"),
    } as RecordedCall;
    // Not enumerable: tests that compare whole calls with toEqual keep comparing what they did.
    Object.defineProperty(call, "query", { value: url.searchParams, enumerable: false });
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`Unexpected API call ${method} ${url.pathname}`);
    const reply = typeof handler === "function" ? handler(call) : handler;
    const noBody = reply.status === 204 || reply.status === 205 || reply.body === undefined;
    return new Response(noBody ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: noBody ? {} : { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}
