import { safeReturnPath } from "../../shared/lib/safe-return-path.ts";
import { YANDEX_NEXT_KEY } from "./yandex-state.ts";

// Apart from yandex-state.ts, which the always-loaded sign-in code imports: only the redirect page
// reads the return path, and the check it needs stays in that page's chunk.

/** Reads the page to return to once (checked again: sessionStorage is the page's to write). */
export function takeYandexNext(): string | null {
  const next = sessionStorage.getItem(YANDEX_NEXT_KEY);
  sessionStorage.removeItem(YANDEX_NEXT_KEY);
  return safeReturnPath(next);
}
