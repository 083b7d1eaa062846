/** Full-page navigation, swappable in tests (jsdom cannot reload or leave the page). */
export interface BrowserLocation {
  reload(): void;
  assign(url: string): void;
}

const real: BrowserLocation = {
  reload: () => window.location.reload(),
  assign: (url) => window.location.assign(url),
};

let current: BrowserLocation = real;

export const browserLocation: BrowserLocation = {
  reload: () => current.reload(),
  assign: (url) => current.assign(url),
};

/** Replaces the navigation functions; call with no argument to restore the real ones. */
export function setBrowserLocation(location: BrowserLocation = real): void {
  current = location;
}
