import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { renderPage } from "../test-render.tsx";
import { CUSTOM, DPA, FEED, portalAnswer, SALES, SALES_GROUP, serve } from "../test-support.ts";
import { ReportsPage } from "./ReportsPage.tsx";

const PORTAL = "GET /api/reports/";
const render = () => renderPage("/reports", "/reports", <ReportsPage />);
const hrefOf = (link: HTMLElement) => link.getAttribute("href");

describe("/reports", { timeout: 20_000 }, () => {
  it("role 7 sees their groups as cards and the reports by tag", async () => {
    serve(userDataFixture({ groups: [7] }), {
      [PORTAL]: portalAnswer([SALES, FEED, CUSTOM, DPA], [SALES_GROUP]),
    });
    render();

    const groups = await screen.findByRole("region", { name: "Группы отчётов" });
    const card = within(groups).getByRole("listitem", { name: "Продажи" });
    expect(card.querySelector("img")?.getAttribute("src")).toBe(SALES_GROUP.img);
    expect(within(card).getAllByRole("link").map(hrefOf)).toEqual([`/report/${SALES.uuid}`, `/report/${FEED.uuid}`]);

    const milk = screen.getByRole("region", { name: "Бизнес: молоко" });
    expect(within(milk).getByRole("link", { name: SALES.title }).getAttribute("href")).toBe(`/report/${SALES.uuid}`);
    expect(within(screen.getByRole("region", { name: "Бизнес: корма" })).getByText(FEED.title)).toBeTruthy();
    const custom = screen.getByRole("region", { name: "Индивидуальные отчёты" });
    expect(within(custom).getByRole("link", { name: CUSTOM.title }).getAttribute("href")).toBe(
      `/report/${CUSTOM.uuid}`,
    );
    expect(within(screen.getByRole("region", { name: "DPA" })).getByText(DPA.title)).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("others see one searchable list of reports with their tags", async () => {
    serve(userDataFixture({ groups: [3] }), { [PORTAL]: portalAnswer([SALES, CUSTOM, DPA], [SALES_GROUP]) });
    render();

    const table = await screen.findByRole("table");
    const link = within(table).getByRole("link", { name: SALES.title });
    expect(hrefOf(link)).toBe(`/report/${SALES.uuid}`);
    expect(link.closest("tr")?.textContent).toContain("Бизнес: молоко");
    expect(within(table).getByText("Индивидуальные отчёты")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Группы отчётов" })).toBeNull();

    fireEvent.change(screen.getByLabelText("Поиск"), { target: { value: "dpa" } });
    expect(within(table).queryByText(SALES.title)).toBeNull();
    expect(within(table).getByText(DPA.title)).toBeTruthy();
  });

  it.each([[3], [7]])("role %i without reports sees whom to ask", async (role) => {
    serve(userDataFixture({ groups: [role] }), { [PORTAL]: portalAnswer([]) });
    render();
    expect(await screen.findByText("Вам пока не открыт ни один отчёт — обратитесь к администратору")).toBeTruthy();
  });
});
