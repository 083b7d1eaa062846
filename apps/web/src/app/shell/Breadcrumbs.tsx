import { theme } from "antd";
import { Fragment } from "react";
import { useLocation } from "react-router";
import { useCurrentBreadcrumbItem } from "../../shared/lib/breadcrumb-item.ts";
import { RouterLink } from "../../shared/ui/RouterLink.tsx";
import { useCurrentRoute } from "../use-current-route.ts";
import { breadcrumbsFor } from "./breadcrumb-titles.ts";

/**
 * Spec §2 breadcrumbs of the current page: Home, [parent,] title. Drawn as antd's Breadcrumb
 * looks (a list with «/» between), without it: the first page loads ~3 KB less.
 */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const { token } = theme.useToken();
  const item = useCurrentBreadcrumbItem(pathname);
  const crumbs = breadcrumbsFor(pathname, route?.title, item);
  return (
    <nav aria-label="Навигационная цепочка" style={{ marginBottom: 16, fontSize: token.fontSize }}>
      <ol style={{ display: "flex", flexWrap: "wrap", listStyle: "none", margin: 0, padding: 0 }}>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={`${crumb.href ?? "page"}:${crumb.title}`}>
              {index > 0 ? (
                <li aria-hidden style={{ marginInline: token.marginXS, color: token.colorTextDescription }}>
                  /
                </li>
              ) : null}
              <li style={{ color: last ? token.colorText : token.colorTextDescription }}>
                {crumb.href && !last ? <RouterLink to={crumb.href}>{crumb.title}</RouterLink> : crumb.title}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
