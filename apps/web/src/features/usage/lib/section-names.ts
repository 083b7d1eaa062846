import { pageSection } from "@nadoy/contract/usage";
import { ROUTES } from "../../../shared/routes/registry.ts";

// Sections (contract pageSection: "/services", "/lists", "/") named in Russian from the route
// registry, so that the usage report speaks of «Списки» rather than "/lists".

/** First segments that are only a prefix of many unrelated pages: no single route names them. */
const NAMESPACES: Record<string, string> = {
  "/services": "Сервисы",
  "/user-pages": "Личный кабинет",
  "/equipment_monitoring": "Мониторинг",
};

/** A route path without its optional parameters: "/admin/:page?" → "/admin". */
const fixedPart = (path: string) =>
  path
    .split("/")
    .filter((part) => !(part.startsWith(":") && part.endsWith("?")))
    .join("/") || "/";

const routes = Object.values(ROUTES);

/**
 * The Russian name of a section: the route at exactly that path (optional parameters aside), else
 * the namespace's name, else the first route under it; a section no route knows stays as it is.
 */
export function sectionTitle(section: string): string {
  const exact = routes.find((route) => fixedPart(route.path) === section);
  if (exact) return exact.title;
  const namespace = NAMESPACES[section];
  if (namespace) return namespace;
  const under = section === "/" ? undefined : routes.find((route) => route.path.startsWith(`${section}/`));
  return under?.title ?? section;
}

/** Every section the registry's routes fall into, by name. */
export function knownSections(): string[] {
  const sections = new Set(routes.map((route) => pageSection(route.path)));
  return [...sections].sort((a, b) => sectionTitle(a).localeCompare(sectionTitle(b), "ru"));
}
