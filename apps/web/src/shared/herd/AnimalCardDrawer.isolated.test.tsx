import type { HerdTestDay } from "@nadoy/contract/herd";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../app/providers.tsx";
import { mockSignedIn } from "../../test/signed-in.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { curveTooltip, lactationCurveOption } from "./lactation-curve-option.ts";
import { animalCard, COW, DB } from "./test-fixtures.ts";

// The chart's options as ECharts would receive them (ECharts itself draws nothing in jsdom).
const charted = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock("echarts-for-react/esm/core", () => ({
  default: ({ option }: { option: unknown }) => {
    charted.options.push(option);
    return <div>график</div>;
  },
}));

const { AnimalCardDrawer } = await import("./AnimalCardDrawer.tsx");

function openCard(card = animalCard()) {
  mockSignedIn(undefined, { [`GET /api/herd/${DB}/animals/${COW}/`]: { status: 200, body: card } });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AnimalCardDrawer dbUuid={DB} animalUuid={COW} onClose={() => undefined} />
    </AppProviders>,
  );
}

type Option = ReturnType<typeof lactationCurveOption>;

describe("the animal card", { timeout: 30_000 }, () => {
  it("shows who the animal is, its lactations, events in Russian and the lactation curve", async () => {
    charted.options.length = 0;
    openCard();
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("Животное № 1234")).toBeTruthy();
    expect(within(drawer).getByText("RU0012345")).toBeTruthy();
    expect(within(drawer).getByText("Голштинская")).toBeTruthy();
    expect(within(drawer).getByText("HO-7HO1234")).toBeTruthy();
    expect(within(drawer).getByText("11 250")).toBeTruthy();

    const lactations = within(drawer).getByRole("region", { name: "Лактации" });
    expect(within(lactations).getByText("10 512")).toBeTruthy();
    expect(within(lactations).getByText("идёт")).toBeTruthy();

    const events = within(drawer).getByRole("region", { name: "События" });
    const texts = [...events.querySelectorAll(".ant-timeline-item")].map((item) => item.textContent);
    expect(texts[0]).toContain("01.10.2026");
    expect(texts[0]).toContain("Осеменение");
    expect(texts[0]).toContain("лактация 3, ДИМ 64");
    expect(texts[0]).toContain("Примечание: HO-7HO1234");
    expect(texts[0]).toContain("Техник: Сидоров");
    // An event DC305 names by herd and we do not know: kept under its own code.
    expect(texts[1]).toContain("VACC");
    expect(texts[1]).toContain("код DC305 без перевода");
    expect(texts[2]).toContain("Отёл");

    expect(await within(drawer).findByText("график")).toBeTruthy();
    const option = charted.options.at(-1) as Option;
    expect(option.series.map((s) => s.name)).toEqual(["Лактация 2", "Лактация 3"]);
    expect(option.series[0]?.data.map((point) => point.value)).toEqual([
      [30, 38.5],
      [61, 41],
    ]);
  });

  it("lists test days newest first, and those without a fresh date though the curve cannot draw them", async () => {
    charted.options.length = 0;
    openCard(
      animalCard({
        lactations: [],
        test_days: [
          { date: "2026-11-10", lact: 0, dim: null, milk_kg: 38.5, fat_pct: 3.85, protein_pct: 3.21, scc: null },
        ],
      }),
    );
    const tests = await screen.findByRole("region", { name: "Контрольные дойки" });
    const row = within(tests).getByText("10.11.2026").closest("tr") as HTMLElement;
    expect([...row.querySelectorAll("td")].map((td) => td.textContent)).toEqual([
      "10.11.2026",
      "0",
      "—",
      "38,5",
      "3,85",
      "3,21",
      "—",
    ]);
    expect(screen.getByText("Для кривой нужна дата отёла: контрольные дойки — в таблице ниже")).toBeTruthy();
    expect(charted.options).toHaveLength(0);
  });

  it("shows the test days of the curve in the table too, the newest first", async () => {
    openCard();
    const tests = await screen.findByRole("region", { name: "Контрольные дойки" });
    expect([...tests.querySelectorAll("tbody tr[data-row-key] td:first-child")].map((td) => td.textContent)).toEqual([
      "28.08.2026",
      "01.08.2025",
      "01.07.2025",
    ]);
  });

  it("says so when the animal has no events or test days", async () => {
    openCard(animalCard({ events: [], test_days: [], lactations: [], attributes: {} }));
    expect(await screen.findByText("Событий нет")).toBeTruthy();
    expect(screen.getByText("Контрольных доек нет")).toBeTruthy();
    expect(screen.getByText("Лактаций нет")).toBeTruthy();
    expect(screen.getByText("Других показателей в файлах не было")).toBeTruthy();
  });
});

describe("the lactation curve", () => {
  const day = (overrides: Partial<HerdTestDay>): HerdTestDay => ({
    date: "2026-08-28",
    lact: 1,
    dim: 30,
    milk_kg: 30,
    fat_pct: 4.05,
    protein_pct: 3.3,
    scc: 1200,
    ...overrides,
  });

  it("draws milk by DIM, a line per lactation, leaving out days without both", () => {
    const option = lactationCurveOption([
      day({ lact: 2, dim: 90, milk_kg: 40 }),
      day({ lact: 1, dim: 60 }),
      day({ lact: 1, dim: 10 }),
      day({ lact: 1, dim: null }),
      day({ lact: 2, milk_kg: null }),
    ]);
    expect(option.series.map((s) => [s.name, s.data.map((p) => p.value)])).toEqual([
      [
        "Лактация 1",
        [
          [10, 30],
          [60, 30],
        ],
      ],
      ["Лактация 2", [[90, 40]]],
    ]);
  });

  it("gives fat, protein and somatic cells in the tooltip", () => {
    const text = curveTooltip("Лактация 1", day({}));
    expect(text).toContain("28.08.2026, ДИМ 30");
    expect(text).toContain("Жир: 4,05 %");
    expect(text).toContain("Белок: 3,3 %");
    expect(text).toMatch(/Соматические клетки: 1\s200 тыс\.\/мл/);
  });
});
