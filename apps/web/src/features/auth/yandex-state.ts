/**
 * The `state` of a Yandex sign-in, and the page to return to after it, kept for this tab only
 * until Yandex sends the user back.
 */
const KEY = "yandex_state";
export const YANDEX_NEXT_KEY = "yandex_next";

export function saveYandexState(state: string, next: string | null = null): void {
  sessionStorage.setItem(KEY, state);
  if (next) sessionStorage.setItem(YANDEX_NEXT_KEY, next);
  else sessionStorage.removeItem(YANDEX_NEXT_KEY);
}

/** Reads the saved state once: it is removed so that it cannot be replayed. */
export function takeYandexState(): string | null {
  const state = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return state;
}
