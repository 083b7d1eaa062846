// The home page's first view (public/first-view.js): the greeting and the latest news, shown over
// the boot screen on a slow link while the app loads. The app removes it once its own page is
// there, or as soon as the app shows any other page, and tells the script not to show it later.

declare global {
  interface Window {
    __nadoyAppShown?: boolean;
  }
}

export function dismissFirstView(): void {
  window.__nadoyAppShown = true;
  document.getElementById("first-view")?.remove();
}
