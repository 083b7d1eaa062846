import { HERD_REPORT_NUMBERS, HERD_REPORT_TITLES } from "@nadoy/contract/herd-reports";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ROUTES, type RouteKey } from "../../shared/routes/registry.ts";
import { everythingUserData } from "../../test/signed-in.ts";
import { Breadcrumbs } from "./Breadcrumbs.tsx";
import { buildSideMenu, type MenuSection } from "./side-menu/build-side-menu.ts";

// A herd report is called the same in the side menu, in the breadcrumbs (the route's title, also
// the tab's) and in its page's heading (HerdReportPage takes HERD_REPORT_TITLES).

const routeKeyOf = (n: number) =>
  (Object.keys(ROUTES) as RouteKey[]).find((key) => ROUTES[key].path === `/services/report/${n}/:uuid`);

function menuLabel(n: number): string | undefined {
  const section = buildSideMenu(everythingUserData({ groups: [3] })).find(
    (item): item is MenuSection => item.kind === "section" && item.key === "herd-reports",
  );
  const links = section?.entries.flatMap((entry) => (entry.kind === "group" ? entry.links : [entry])) ?? [];
  return links.find((link) => link.href === `/services/report/${n}/db-herd`)?.label;
}

function breadcrumbTrail(n: number, routeKey: RouteKey): string | null {
  const router = createMemoryRouter([{ path: ROUTES[routeKey].path, handle: { routeKey }, element: <Breadcrumbs /> }], {
    initialEntries: [`/services/report/${n}/db-herd`],
  });
  const view = render(<RouterProvider router={router} />);
  const trail = screen.getByRole("navigation", { name: "Навигационная цепочка" }).textContent;
  view.unmount();
  return trail;
}

describe("herd report names", () => {
  it.each(HERD_REPORT_NUMBERS.map((n) => [n, HERD_REPORT_TITLES[n]] as const))(
    "report %i is «%s» in the menu, the breadcrumbs and its heading",
    (n, title) => {
      const routeKey = routeKeyOf(n);
      if (!routeKey) throw new Error(`no route for report ${n}`);
      expect(menuLabel(n)).toBe(title);
      expect(breadcrumbTrail(n, routeKey)).toBe(`Главная/${title}`);
    },
  );

  it("uses the product's wording for the reports the menu and the page used to call differently", () => {
    expect(HERD_REPORT_TITLES[2]).toBe("Молочная продуктивность");
    expect(HERD_REPORT_TITLES[5]).toBe("Выбытие и падёж");
    expect(HERD_REPORT_TITLES[6]).toBe("Отёлы и телята");
    expect(HERD_REPORT_TITLES[7]).toBe("Здоровье");
  });
});
