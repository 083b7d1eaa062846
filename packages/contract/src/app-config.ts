import { z } from "zod";
import { defineRoute } from "./http.ts";

/** What the web app needs to know about this server before anyone signs in. */
export const appConfigSchema = z.object({
  /** The server's version, shown in the About dialog (spec §9 "Version"). */
  version: z.string(),
  /** True when sign-in with Yandex ID is configured: only then show its button. */
  yandex_login: z.boolean(),
  /**
   * Yandex Metrika counter id (digits) when configured, else null. With an id the client loads
   * https://mc.yandex.ru/metrika/tag.js as a script (the CSP then allows mc.yandex.ru and
   * mc.yandex.com for scripts, connections and images; inline scripts stay forbidden), calls
   * `ym(id, "init", {…})` and reports each route change with `ym(id, "hit", url)` besides the page
   * hit it posts to /api/analytics/page_hit/.
   */
  yandex_metrika_id: z.string().regex(/^\d+$/).nullable(),
  /**
   * Host (and port) serving the board sockets (contract realtime.ts "board socket"), or null for
   * the page's own host (spec §7: the board channel's host is supplied at connect time).
   */
  board_socket_host: z.string().nullable().default(null),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const appConfigRoute = defineRoute({
  method: "GET",
  path: "/api/config/",
  auth: "public",
  response: appConfigSchema,
  summary: "Публичные настройки приложения: версия, вход через Яндекс, счётчик Метрики",
});
