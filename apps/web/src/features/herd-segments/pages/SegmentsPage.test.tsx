import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  animalRow,
  COUNT,
  countAnswer,
  DB,
  renderPage,
  SEGMENT,
  SEGMENTS,
  segment,
  serveSegments,
} from "../test-support.tsx";
import { SegmentsPage } from "./SegmentsPage.tsx";

const ANIMALS = `/api/herd/${DB}/animals/`;
const base = "(LACT=1 DIM<100) ";

function serve() {
  return serveSegments({
    [`GET ${SEGMENTS}`]: {
      status: 200,
      body: [
        segment(),
        segment({
          uuid: "9b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9",
          name: "Сухостой",
          text: "STATUS=DRY",
          shared: false,
          active: false,
          count: 21,
        }),
      ],
    },
    [`GET ${ANIMALS}`]: {
      status: 200,
      body: { total: 17, page: 1, page_size: 50, items: [animalRow({ lact: 1, dim: 40 })] },
    },
    [`POST ${COUNT}`]: countAnswer({
      [`${base}STATUS=MILKING`]: 15,
      [`${base}STATUS=DRY`]: 2,
      [`${base}LACT=1`]: 17,
    }),
  });
}

const open = (path = `/services/custom_segmentation/${DB}/${SEGMENT}`) =>
  renderPage("/services/custom_segmentation/:uuid/:segment?", <SegmentsPage />, path);

describe("/services/custom_segmentation/:uuid/:segment?", { timeout: 30_000 }, () => {
  it("lists the database's segments with their rule, owner and tags", async () => {
    serve();
    open(`/services/custom_segmentation/${DB}`);

    const dry = (await screen.findByText("Сухостой")).closest("li") as HTMLElement;
    expect(within(dry).getByText("STATUS=DRY")).toBeTruthy();
    expect(within(dry).getByText("Личный")).toBeTruthy();
    expect(within(dry).getByText("Неактивен")).toBeTruthy();
    expect(within(dry).getByText("21 животное")).toBeTruthy();
    const first = screen.getByText("Первотёлки до 100 дней").closest("li") as HTMLElement;
    expect(within(first).getByText("Общий")).toBeTruthy();
    expect(within(first).getByText("Автор: Иван Петров")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Новый сегмент" }).getAttribute("href")).toBe(
      `/services/custom_segmentation_edit?db=${DB}`,
    );
  });

  it("shows the chosen segment's animals and its figures by status and lactation", async () => {
    const api = serve();
    open();

    expect(await screen.findByText("Всего: 17")).toBeTruthy();
    expect(Object.fromEntries(api.calls.find((call) => call.path === ANIMALS)?.query ?? [])).toEqual({
      segment: SEGMENT,
      page: "1",
    });
    const figure = (label: string) => screen.getByRole("group", { name: label }).textContent;
    await screen.findByRole("group", { name: "Дойная" });
    expect(figure("Дойная")).toBe("Дойная15");
    expect(figure("Сухостойная")).toBe("Сухостойная2");
    expect(figure("Пала")).toBe("Пала0");
    expect(figure("1-я лактация")).toBe("1-я лактация17");
    expect(figure("2-я лактация")).toBe("2-я лактация0");
  });

  it("a link to a deleted segment says so and takes it out of the link", async () => {
    serveSegments({ [`GET ${SEGMENTS}`]: { status: 200, body: [] } });
    const page = open();
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("Сегмент не найден: он удалён или вам недоступен");
    expect(document.body.textContent).not.toContain(SEGMENT);

    fireEvent.click(within(notice).getByRole("button", { name: "Убрать из ссылки" }));
    await waitFor(() => expect(page.router.state.location.pathname).toBe(`/services/custom_segmentation/${DB}`));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });
});
