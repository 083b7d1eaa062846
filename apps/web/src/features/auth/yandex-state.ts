/** The `state` of a Yandex sign-in, kept for this tab only until Yandex sends the user back. */
const KEY = "yandex_state";

export function saveYandexState(state: string): void {
  sessionStorage.setItem(KEY, state);
}

/** Reads the saved state once: it is removed so that it cannot be replayed. */
export function takeYandexState(): string | null {
  const state = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return state;
}
