import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { animalRow } from "../../../shared/herd/test-fixtures.ts";
import { mockSignedIn } from "../../../test/signed-in.ts";
import type { ReportDrill } from "../lib/report-format.ts";
import { DB, renderPage, reportUser } from "../test-support.tsx";
import { DrillDrawer } from "./DrillDrawer.tsx";

const ANIMALS = `/api/herd/${DB}/reports/6/animals/`;
const open = (drill: ReportDrill) =>
  renderPage(
    "/services/report/6/:uuid",
    <DrillDrawer dbUuid={DB} n={6} drill={drill} onClose={() => {}} onOpenAnimal={() => {}} />,
    `/services/report/6/${DB}`,
  );

describe("DrillDrawer", { timeout: 30_000 }, () => {
  it("titles a count of calvings with the number of animals listed, which may be fewer", async () => {
    // 4 calvings of 3 cows: one calved twice in the period.
    mockSignedIn(reportUser(), {
      [`GET ${ANIMALS}`]: { status: 200, body: { total: 3, page: 1, page_size: 50, items: [animalRow()] } },
    });
    open({ drill: "t-calv", label: "Отёлов", value: 4, animals: false });
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("Отёлов — 3 животных")).toBeTruthy();
    expect(within(drawer).queryByText(/4 животных/)).toBeNull();
  });

  it("titles a count of animals with the number clicked", async () => {
    mockSignedIn(reportUser(), {
      [`GET ${ANIMALS}`]: { status: 200, body: { total: 12, page: 1, page_size: 50, items: [animalRow()] } },
    });
    open({ drill: "t-due", label: "Ожидается отёлов за 12 месяцев", value: 12, animals: true });
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByText("Ожидается отёлов за 12 месяцев — 12 животных")).toBeTruthy();
  });
});
