// The first view on a slow rural link (issue 16 item 13). The build puts this script inline in
// index.html (the server's CSP allows it by its hash; `vite dev` loads it as a file), and this
// script starts the app.
// Why: over HTTP/1.1 a browser opens six connections to a host, and the app's ~20 JavaScript files
// would take them all; asked for after them, the user data and the news waited ~1.5 s in the queue.
// So, signed in, it first asks for the user data (and, on the home page, the news feed's first page
// and its covers), and only then adds the app's scripts (listed by the build in #app-scripts,
// apps/web/vite.config.ts firstViewLoader). The app takes these answers instead of asking again
// (shared/lib/early-responses.ts). On the home page the greeting and the latest news are shown
// over the boot screen as soon as they arrive; the app removes that view when its own page is
// ready (shared/lib/first-view.ts).
// Plain JavaScript for browsers of the last years; data is never written as HTML (textContent only).
(() => {
  /** How long the home page waits for the news and the first cover before starting the app anyway. */
  const NEWS_WAIT_MS = 1500;
  const COVER_WAIT_MS = 800;
  /** How many feed entries the first view shows (the first screenful). */
  const SHOWN = 3;

  let started = false;
  const startApp = () => {
    if (started) return;
    started = true;
    const listed = document.getElementById("app-scripts");
    // `vite dev` has no list: its index.html loads the app by itself.
    if (!listed) return;
    const { entry, preload } = JSON.parse(listed.textContent || "{}");
    for (const href of preload || []) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry;
    document.head.append(script);
  };

  try {
    // The theme the user chose (spec §4), for the boot screen's colours before the app has its own.
    const theme = localStorage.getItem("theme");
    if (theme === "default" || theme === "black") document.documentElement.setAttribute("data-boot-theme", theme);
    const token = localStorage.getItem("access");
    if (!token) return startApp();

    /** url → { token, response: Promise<Response | null> }, taken once by the app. */
    const early = {};
    window.__nadoyEarly = early;
    const headers = { accept: "application/json", authorization: `Bearer ${token}` };
    /** Asks for `url`; resolves with its JSON when it answered 200, else null (the app asks again). */
    const ask = (url) => {
      const response = fetch(url, { headers }).then(
        (r) => r,
        () => null,
      );
      early[url] = { token, response };
      // Cloned before the app can read the body: this callback is registered first.
      return response.then((r) => (r?.ok ? r.clone().json() : null)).catch(() => null);
    };
    const userData = ask("/api/users/data/");
    const page = new URLSearchParams(location.search).get("page");
    if (location.pathname !== "/" || (page !== null && page !== "1")) return startApp();

    const news = ask("/api/news/?page=1");
    const waited = setTimeout(startApp, NEWS_WAIT_MS);
    news.then((feed) => {
      clearTimeout(waited);
      // The first cover is the page's largest picture: it is fetched before the app's scripts
      // take the connections (an image waits behind scripts), then the app starts.
      const covers = (feed?.items?.slice(0, SHOWN) ?? [])
        .map((item) => item.cover_url)
        .filter((url) => typeof url === "string" && url.startsWith("/api/"));
      if (covers.length === 0) return startApp();
      const first = new Image();
      first.fetchPriority = "high";
      first.onload = first.onerror = startApp;
      setTimeout(startApp, COVER_WAIT_MS);
      first.src = covers[0];
    });
    Promise.all([userData, news]).then(([user, feed]) => show(user, feed));
  } catch {
    // Storage refused (private mode) or anything unexpected: the app starts as it would without us.
    startApp();
  }

  function element(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function day(iso) {
    const d = new Date(iso);
    return Number.isNaN(d.getTime())
      ? ""
      : `${String(d.getDate()).padStart(2, "0")}.${String(d.getMonth() + 1).padStart(2, "0")}.${d.getFullYear()}`;
  }

  /** The greeting and the first news, over the boot screen until the app's home page is ready. */
  function show(user, feed) {
    if (!user || !feed || !Array.isArray(feed.items) || window.__nadoyAppShown) return;
    const view = element("div", "boot boot-first-view");
    view.id = "first-view";
    view.setAttribute("role", "status");
    view.setAttribute("aria-busy", "true");
    const column = element("div", "boot-column");
    const name = [user.first_name, user.last_name].filter(Boolean).join(" ") || user.username;
    column.append(element("h2", "boot-title", `Здравствуйте, ${name}`));
    column.append(element("p", "boot-text", "Загружаем портал…"));
    for (const item of feed.items.slice(0, SHOWN)) {
      const card = element("article", "boot-card");
      card.setAttribute("aria-label", String(item.title));
      if (typeof item.cover_url === "string" && item.cover_url.startsWith("/api/")) {
        const cover = element("img", "boot-cover");
        cover.alt = "";
        cover.src = item.cover_url;
        card.append(cover);
      }
      const body = element("div", "boot-card-body");
      const title = element("h4", "boot-card-title");
      // A real link: followed before the app is ready, it opens the news item (a page load).
      const link = element("a", undefined, String(item.title));
      link.href = `/news/${encodeURIComponent(String(item.id))}`;
      title.append(link);
      body.append(title);
      body.append(element("p", "boot-card-date", day(item.publish_at)));
      if (item.excerpt) body.append(element("p", "boot-card-text", String(item.excerpt)));
      card.append(body);
      column.append(card);
    }
    view.append(column);
    document.body.append(view);
  }
})();
