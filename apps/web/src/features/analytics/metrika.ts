import { shareablePath } from "@nadoy/contract/analytics";

/**
 * Yandex Metrika (contract app-config.ts): with a counter id, tag.js is loaded once as a script
 * (the CSP then allows mc.yandex.ru; inline scripts stay forbidden, so the usual inline snippet is
 * this module instead), the counter is set up without its own first hit (`defer`), and the app
 * reports each route change with `ym(id, "hit", url)`.
 */
export const METRIKA_SCRIPT_URL = "https://mc.yandex.ru/metrika/tag.js";

type Ym = ((id: number, method: string, ...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

declare global {
  interface Window {
    ym?: Ym;
  }
}

const initialised = new Set<string>();

function queueingYm(): Ym {
  // The standard snippet: calls made before tag.js arrives wait in ym.a, which tag.js replays.
  const ym: Ym = (...args: unknown[]) => {
    ym.a ??= [];
    ym.a.push(args);
  };
  ym.l = Date.now();
  return ym;
}

/** Loads tag.js (once per page) and sets the counter up (once per id). */
export function ensureMetrika(counterId: string): void {
  if (initialised.has(counterId)) return;
  initialised.add(counterId);
  window.ym ??= queueingYm();
  if (!document.querySelector(`script[src="${METRIKA_SCRIPT_URL}"]`)) {
    const script = document.createElement("script");
    script.async = true;
    script.src = METRIKA_SCRIPT_URL;
    document.head.appendChild(script);
  }
  window.ym(Number(counterId), "init", {
    defer: true,
    clickmap: true,
    trackLinks: true,
    accurateTrackBounce: true,
  });
}

/** One page view of the app's route. */
export function metrikaHit(counterId: string, pathname: string): void {
  window.ym?.(Number(counterId), "hit", `${window.location.origin}${shareablePath(pathname)}`);
}

/** Tests: forget the counters set up on this page. */
export function resetMetrikaForTests(): void {
  initialised.clear();
}
