import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { renderPage } from "../test-render.tsx";
import {
  CUSTOM,
  embedOf,
  embedPath,
  FEED,
  portalAnswer,
  portalGroup,
  SALES,
  SALES_GROUP,
  serve,
} from "../test-support.ts";
import { BusinessPage } from "./BusinessPage.tsx";

const OTHER_GROUP = portalGroup(11, "Индивидуальные", [CUSTOM]);
const render = (path: string) => renderPage("/business-page/:iframe?", path, <BusinessPage />);
const embeds = Object.fromEntries(
  [SALES, FEED, CUSTOM].map((report) => [`GET ${embedPath(report)}`, { status: 200, body: embedOf(report) }]),
);

describe("/business-page/:iframe?", { timeout: 20_000 }, () => {
  it("without a report opens the first report of the first group, replacing the URL", async () => {
    serve(userDataFixture({ groups: [7] }), {
      "GET /api/reports/": portalAnswer([SALES, FEED, CUSTOM], [SALES_GROUP, OTHER_GROUP]),
      ...embeds,
    });
    const { router } = render("/business-page");

    await waitFor(() => expect(router.state.location.pathname).toBe(`/business-page/${SALES.uuid}`));
    expect(router.state.historyAction).toBe("REPLACE");
    expect((await screen.findByTitle(SALES.title)).getAttribute("src")).toBe("https://bi.example.ru/1");

    const nav = screen.getByRole("navigation", { name: "Группы отчётов" });
    expect(within(nav).getByText("Продажи")).toBeTruthy();
    expect(within(nav).getByText("Индивидуальные")).toBeTruthy();
    fireEvent.click(within(nav).getByText(CUSTOM.title));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/business-page/${CUSTOM.uuid}`));
    expect((await screen.findByTitle(CUSTOM.title)).getAttribute("src")).toBe("https://bi.example.ru/3");
  });

  it("opens the report in the URL", async () => {
    serve(userDataFixture({ groups: [7] }), {
      "GET /api/reports/": portalAnswer([SALES, FEED], [SALES_GROUP]),
      ...embeds,
    });
    const { router } = render(`/business-page/${FEED.uuid}`);
    expect((await screen.findByTitle(FEED.title)).getAttribute("src")).toBe("https://bi.example.ru/2");
    expect(router.state.location.pathname).toBe(`/business-page/${FEED.uuid}`);
  });

  it("without groups says whom to ask", async () => {
    serve(userDataFixture({ groups: [7] }), { "GET /api/reports/": portalAnswer([CUSTOM]) });
    render("/business-page");
    expect(await screen.findByText("Вам пока не открыт ни один отчёт — обратитесь к администратору")).toBeTruthy();
  });
});
