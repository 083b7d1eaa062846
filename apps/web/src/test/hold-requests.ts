import { vi } from "vitest";

/**
 * Holds the answers of the calls that `match` picks until released (the rest answer at once), so
 * that a test can look at the page while a request is on its way.
 */
export function holdRequests(match: (method: string, path: string) => boolean) {
  const inner = globalThis.fetch;
  const held: (() => void)[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (!match(init?.method ?? "GET", url.pathname)) return inner(input, init);
    return new Promise<Response>((resolve, reject) => {
      held.push(() => inner(input, init).then(resolve, reject));
    });
  });
  return {
    get count() {
      return held.length;
    },
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
  };
}
