import { render, screen } from "@testing-library/react";
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { BreadcrumbName } from "../../shared/ui/BreadcrumbName.tsx";
import { Breadcrumbs } from "./Breadcrumbs.tsx";

// Issue 16 item 11: a page that shows an item names it in the breadcrumbs, and the name goes with
// the page.

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: "/lists/:uuid",
        handle: { routeKey: "list" },
        element: (
          <>
            <Breadcrumbs />
            <BreadcrumbName name="Надои по фермам" section={{ title: "Списки", href: "/lists" }} />
          </>
        ),
      },
      { path: "/boards", handle: { routeKey: "boards" }, element: <Breadcrumbs /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const trail = () => screen.getByRole("navigation", { name: "Навигационная цепочка" }).textContent;

describe("breadcrumbs naming the item", () => {
  it("shows «Главная / Списки / <list>» with the section as a link, and drops the name on the next page", async () => {
    const router = renderAt("/lists/l1");
    expect(trail()).toBe("Главная/Списки/Надои по фермам");
    expect(screen.getByRole("link", { name: "Списки" }).getAttribute("href")).toBe("/lists");

    await act(() => router.navigate("/boards"));
    expect(trail()).toBe("Главная/Доски задач");
  });
});
