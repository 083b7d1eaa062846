import { ToolOutlined } from "@ant-design/icons";
import type { UserData } from "@nadoy/contract/users";
import { type DatabaseKind, wrongDatabaseKindText } from "@nadoy/contract/users";
import { Result, Typography } from "antd";
import { useLocation } from "react-router";
import { AdminGate } from "../features/admin/components/AdminGate.tsx";
import { href } from "../shared/routes/href.ts";
import { ROUTES, type RouteKey } from "../shared/routes/registry.ts";
import { RouterButtonLink } from "../shared/ui/RouterButtonLink.tsx";
import { Breadcrumbs } from "./shell/Breadcrumbs.tsx";
import { breadcrumbsFor } from "./shell/breadcrumb-titles.ts";
import { layoutFor } from "./shell/layout-rules.ts";

/**
 * A route whose module comes in a later issue: its title and breadcrumb, «Раздел в разработке»
 * and a way home — never a blank page. In the shell the breadcrumb is already above the page.
 */
export function PlaceholderPage({ routeKey }: { routeKey: RouteKey }) {
  // A section of the admin area refuses others as the built ones do, rather than promising it to them.
  if (ROUTES[routeKey].module === "admin") return <AdminGate>{() => <Placeholder routeKey={routeKey} />}</AdminGate>;
  return <Placeholder routeKey={routeKey} />;
}

function Placeholder({ routeKey }: { routeKey: RouteKey }) {
  const { pathname } = useLocation();
  const route = ROUTES[routeKey];
  const title = breadcrumbsFor(pathname, route.title).at(-1)?.title ?? route.title;
  const fullPage = layoutFor(pathname).layout === "full";

  return (
    <>
      {fullPage ? <Breadcrumbs /> : null}
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Result
        icon={<ToolOutlined />}
        title="Раздел в разработке"
        subTitle={`Раздел «${title}» появится в одном из следующих обновлений портала.`}
        extra={
          <RouterButtonLink type="primary" to={href.home()}>
            На главную
          </RouterButtonLink>
        }
      />
    </>
  );
}

/** What DatabaseKindGate shows instead of a page of another kind of database. */
export function WrongDatabaseKind({
  database,
  wanted,
}: {
  database: UserData["user_databases"][number];
  wanted: DatabaseKind;
}) {
  return (
    <Result
      status="warning"
      title={wrongDatabaseKindText(database.kind, wanted)}
      subTitle={`База «${database.name}». Её разделы — в боковом меню.`}
      extra={
        <RouterButtonLink type="primary" to={href.home()}>
          На главную
        </RouterButtonLink>
      }
    />
  );
}
