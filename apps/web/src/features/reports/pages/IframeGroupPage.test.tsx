import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../test-render.tsx";
import { adminData, CUSTOM, FEED, portalGroup, SALES, SALES_GROUP, serve } from "../test-support.ts";
import { IframeGroupPage } from "./IframeGroupPage.tsx";

const ROUTE = "GET /api/reports/users/42/groups/";
const answer = {
  status: 200,
  body: { user: { id: 42, name: "Иван Петров" }, groups: [SALES_GROUP, portalGroup(11, "Индивидуальные", [CUSTOM])] },
};
const render = (path: string) => renderPage("/iframe-group/:user/:group?", path, <IframeGroupPage />);

describe("/iframe-group/:user/:group?", { timeout: 20_000 }, () => {
  it("shows the user's groups as cards linking to each group", async () => {
    serve(adminData(), { [ROUTE]: answer });
    render("/iframe-group/42");

    expect(await screen.findByText("Пользователь: Иван Петров")).toBeTruthy();
    const cards = screen.getByRole("list", { name: "Группы отчётов" });
    const sales = within(cards).getByRole("listitem", { name: "Продажи" });
    expect(within(sales).getByRole("link", { name: "Продажи" }).getAttribute("href")).toBe("/iframe-group/42/10");
    expect(within(sales).getByText("2 отчёта")).toBeTruthy();
  });

  it("with a group shows its reports as cards linking to /report/:uuid", async () => {
    serve(adminData(), { [ROUTE]: answer });
    render("/iframe-group/42/10");

    const cards = await screen.findByRole("list", { name: "Отчёты группы «Продажи»" });
    expect(
      within(cards)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual([`/report/${SALES.uuid}`, `/report/${FEED.uuid}`]);
    expect(screen.getByRole("link", { name: "Все группы: Иван Петров" }).getAttribute("href")).toBe("/iframe-group/42");
  });

  it.each([
    ["a user the caller may not see", "/iframe-group/42", { status: 404, body: { code: "not_found", message: "Нет" } }],
    ["a group the user does not have", "/iframe-group/42/99", answer],
  ])("404 for %s", async (_name, path, reply) => {
    serve(adminData(), { [ROUTE]: reply });
    render(path);
    expect(await screen.findByText("Группы не найдены")).toBeTruthy();
  });
});
