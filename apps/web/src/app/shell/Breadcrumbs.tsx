import { Breadcrumb } from "antd";
import { useLocation } from "react-router";
import { RouterLink } from "../../shared/ui/RouterLink.tsx";
import { useCurrentRoute } from "../use-current-route.ts";
import { breadcrumbsFor } from "./breadcrumb-titles.ts";

/** Spec §2 breadcrumbs of the current page: Home, [parent,] title. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const crumbs = breadcrumbsFor(pathname, route?.title);
  return (
    <Breadcrumb
      aria-label="Навигационная цепочка"
      style={{ marginBottom: 16 }}
      items={crumbs.map((crumb, index) => ({
        key: `${index}-${crumb.title}`,
        title:
          crumb.href && index < crumbs.length - 1 ? (
            <RouterLink to={crumb.href}>{crumb.title}</RouterLink>
          ) : (
            crumb.title
          ),
      }))}
    />
  );
}
