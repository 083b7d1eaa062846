import type { ReportProvider } from "@nadoy/contract/reports";

// A signed report's site on a name reserved for examples (RFC 2606, RFC 6761): example.com, .net,
// .org and anything under them, and the .example, .invalid and .test domains. No BI server can be
// there, so the browser's frame would only ever show its own «cannot connect» page (and still fire
// `load`, so the portal could not tell): the embed says in words that the report is not set up.

const RESERVED_HOST = /(^|\.)(example\.(com|net|org)|example|invalid|test)\.?$/i;

const SITE_NAMES: Record<Exclude<ReportProvider, "url">, string> = {
  metabase: "Metabase",
  datalens: "Yandex DataLens",
};

/** The report's host when it is a reserved example name, else null (a bad URL is not one). */
export function placeholderHost(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  return RESERVED_HOST.test(host) ? host : null;
}

export function placeholderSiteText(provider: Exclude<ReportProvider, "url">, host: string): string {
  return `Отчёт не настроен: ${host} — адрес-пример, сервера отчётов по нему нет. Администратор может указать адрес вашего сервера ${SITE_NAMES[provider]} в настройках отчёта.`;
}
