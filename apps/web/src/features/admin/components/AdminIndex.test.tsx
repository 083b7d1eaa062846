import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminSections } from "../../../shared/routes/admin-sections.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { serveAdmin } from "../test-support.ts";

describe("the /admin index", { timeout: 20_000 }, () => {
  it("shows the shared list of admin sections: links to built pages, «скоро» on the others", async () => {
    serveAdmin();
    renderApp("/admin");

    await screen.findByText("Администрирование", { selector: "h2" });
    for (const section of adminSections()) {
      const title = screen.getByText(section.title, { selector: "a, span" });
      if (section.ready) {
        expect(title.closest("a")?.getAttribute("href")).toBe(section.path);
      } else {
        expect(title.closest("a")).toBeNull();
        expect(title.parentElement?.textContent).toContain("скоро");
      }
      expect(screen.getByText(section.description)).toBeTruthy();
    }
    expect(screen.getAllByText("скоро")).toHaveLength(adminSections().filter((s) => !s.ready).length);
  });
});
