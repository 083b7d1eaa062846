import { Flex, Typography } from "antd";
import { Fragment } from "react";
import { useLocation } from "react-router";
import { href } from "../../../shared/routes/href.ts";
import { ROUTES } from "../../../shared/routes/registry.ts";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";

/**
 * The power pages of one database, in the order a manager reads them: the side menu (spec §2)
 * lists only the overview, hours and substations, so the losses and the averages are reached from
 * here, on every power page.
 */
const POWER_PAGES = [
  { key: "powerMonitoring", title: "Обзор" },
  { key: "powerHours", title: ROUTES.powerHours.title },
  { key: "powerSubstations", title: ROUTES.powerSubstations.title },
  { key: "powerSubstationDiff", title: ROUTES.powerSubstationDiff.title },
  { key: "powerHoursAvg", title: ROUTES.powerHoursAvg.title },
  { key: "powerDaysAvg", title: ROUTES.powerDaysAvg.title },
  { key: "powerAvg", title: ROUTES.powerAvg.title },
] as const;

/** Is this path one of the power pages (the overview or a page below it)? */
export function isPowerPage(pathname: string): boolean {
  return pathname.startsWith("/equipment_monitoring/power_monitoring/");
}

/** Links to every power page of the database; the page shown is named, not linked. */
export function PowerTabs({ dbUuid }: { dbUuid: string }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Разделы электроэнергии">
      <Flex gap="small" wrap align="center">
        {POWER_PAGES.map(({ key, title }, index) => {
          const to = href[key]({ uuid: dbUuid });
          return (
            <Fragment key={key}>
              {index > 0 && <Typography.Text type="secondary">·</Typography.Text>}
              {to === pathname.replace(/\/+$/, "") ? (
                <Typography.Text strong aria-current="page">
                  {title}
                </Typography.Text>
              ) : (
                <RouterLink to={to}>{title}</RouterLink>
              )}
            </Fragment>
          );
        })}
      </Flex>
    </nav>
  );
}
