import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  COUNT,
  countAnswer,
  countBodies,
  DB,
  renderPage,
  SEGMENT,
  SEGMENTS,
  segment,
  segmentUser,
  serveSegments,
} from "../test-support.tsx";
import { SegmentBuilderPage } from "./SegmentBuilderPage.tsx";

const counts = countAnswer({ "": 240, "LACT=1 DIM<100": 17, "LACT=1": 60 });

/** The builder, once it shows the rule's text box. */
async function open(search = `?db=${DB}`) {
  const page = renderPage(
    "/services/custom_segmentation_edit",
    <SegmentBuilderPage />,
    `/services/custom_segmentation_edit${search}`,
  );
  await screen.findByLabelText("Правило текстом");
  return page;
}

const textBox = () => screen.getByLabelText("Правило текстом") as HTMLInputElement;
const conditions = () => screen.queryAllByRole("group", { name: "Условие" });
const typeText = (text: string) => fireEvent.change(textBox(), { target: { value: text } });

describe("/services/custom_segmentation_edit", { timeout: 30_000 }, () => {
  it("turns typed text into the tree at once: LACT=1 DIM<100 is two conditions", async () => {
    serveSegments({ [`POST ${COUNT}`]: counts });
    await open();
    await screen.findByText("Подходит 240 животных");

    typeText("LACT=1 DIM<100");

    const [lact, dim] = conditions();
    expect(conditions()).toHaveLength(2);
    expect(within(lact as HTMLElement).getByText("Лактация")).toBeTruthy();
    expect((within(lact as HTMLElement).getByLabelText("Значение") as HTMLInputElement).value).toBe("1");
    expect(within(dim as HTMLElement).getByText("Дни лактации")).toBeTruthy();
    expect(within(dim as HTMLElement).getByText("<")).toBeTruthy();
    expect((within(dim as HTMLElement).getByLabelText("Значение") as HTMLInputElement).value).toBe("100");
    expect(await screen.findByText("Подходит 17 животных")).toBeTruthy();
  });

  it("writes the text as the tree is built: a condition, its value, then ИЛИ", async () => {
    serveSegments({ [`POST ${COUNT}`]: counts });
    await open();
    await screen.findByText("Подходит 240 животных");

    fireEvent.click(screen.getByRole("button", { name: "+ Условие" }));
    expect(textBox().value).toBe("LACT=1");
    fireEvent.change(screen.getByLabelText("Значение"), { target: { value: "2,3" } });
    expect(textBox().value).toBe("LACT=2,3");
    fireEvent.click(screen.getByRole("button", { name: "+ Условие" }));
    expect(textBox().value).toBe("LACT=2,3 LACT=1");
    fireEvent.click(
      within(screen.getByRole("group", { name: "Условия сегмента" })).getAllByText("ИЛИ")[0] as HTMLElement,
    );
    expect(textBox().value).toBe("LACT=2,3 OR LACT=1");
  });

  it("shows a text's mistake at its place and keeps the last good tree", async () => {
    serveSegments({ [`POST ${COUNT}`]: counts });
    await open();
    typeText("LACT=1");
    typeText("LACT=1 DIM<");

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Ожидалось значение для DIM")).toBeTruthy();
    // The mark stands after «DIM<», at the end: offset 11, the 12th place.
    expect(within(alert).getByTitle("Позиция 12")).toBeTruthy();
    expect(conditions()).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Сохранить сегмент" }).hasAttribute("disabled")).toBe(true);

    typeText("LACT=1 DIMM<5");
    expect(within(screen.getByRole("alert")).getByTitle("Позиция 8")).toBeTruthy();
  });

  it("asks the count once typing pauses: not for the texts typed on the way", async () => {
    const api = serveSegments({ [`POST ${COUNT}`]: counts });
    await open();
    await screen.findByText("Подходит 240 животных");

    typeText("LACT=1");
    typeText("LACT=1 DIM<1");
    typeText("LACT=1 DIM<10");
    typeText("LACT=1 DIM<100");

    expect(await screen.findByText("Подходит 17 животных")).toBeTruthy();
    expect(countBodies(api.calls)).toEqual([{ text: "" }, { text: "LACT=1 DIM<100" }]);
    const link = screen.getByRole("link", { name: "Показать животных" });
    expect(link.getAttribute("href")).toBe(`/user-pages/datasets/${DB}?rule=LACT%3D1+DIM%3C100`);
  });

  it("saves the name, sharing and the rule's text, then opens the segment", async () => {
    const api = serveSegments({
      [`POST ${COUNT}`]: counts,
      [`POST ${SEGMENTS}`]: { status: 201, body: segment() },
    });
    const page = await open();
    typeText("lact=1 dim<100");
    fireEvent.change(screen.getByLabelText("Название сегмента"), { target: { value: " Первотёлки до 100 дней " } });
    fireEvent.click(screen.getByRole("switch", { name: "Доступен всей компании" }));
    fireEvent.click(screen.getByRole("button", { name: "Сохранить сегмент" }));

    await waitFor(() =>
      expect(page.router.state.location.pathname).toBe(`/services/custom_segmentation/${DB}/${SEGMENT}`),
    );
    expect(api.calls.find((call) => call.method === "POST" && call.path === SEGMENTS)?.body).toEqual({
      name: "Первотёлки до 100 дней",
      shared: true,
      active: true,
      text: "LACT=1 DIM<100",
    });
  });

  it("opens a saved segment for editing and saves it in place", async () => {
    const api = serveSegments({
      [`POST ${COUNT}`]: counts,
      [`GET ${SEGMENTS}`]: { status: 200, body: [segment()] },
      [`PUT ${SEGMENTS}${SEGMENT}/`]: { status: 200, body: segment({ text: "LACT=1" }) },
    });
    await open(`?db=${DB}&segment=${SEGMENT}`);

    expect(await screen.findByText("Сегмент: Первотёлки до 100 дней")).toBeTruthy();
    expect(textBox().value).toBe("LACT=1 DIM<100");
    fireEvent.click(within(conditions()[1] as HTMLElement).getByRole("button", { name: "Удалить условие" }));
    expect(textBox().value).toBe("LACT=1");
    fireEvent.click(screen.getByRole("button", { name: "Сохранить изменения" }));

    await waitFor(() => expect(api.calls.some((call) => call.method === "PUT")).toBe(true));
    expect(api.calls.find((call) => call.method === "PUT")?.body).toEqual({
      name: "Первотёлки до 100 дней",
      shared: true,
      active: true,
      text: "LACT=1",
    });
  });

  it("deletes a segment only once asked, then goes back to the database's segments", async () => {
    const api = serveSegments({
      [`POST ${COUNT}`]: counts,
      [`GET ${SEGMENTS}`]: { status: 200, body: [segment()] },
      [`DELETE ${SEGMENTS}${SEGMENT}/`]: { status: 204 },
    });
    const page = await open(`?db=${DB}&segment=${SEGMENT}`);
    await screen.findByText("Сегмент: Первотёлки до 100 дней");

    fireEvent.click(screen.getByRole("button", { name: "Удалить" }));
    const ask = await screen.findByText("Удалить сегмент?");
    expect(api.calls.some((call) => call.method === "DELETE")).toBe(false);
    const popup = ask.closest(".ant-popover") as HTMLElement;
    fireEvent.click(within(popup).getByRole("button", { name: "Удалить" }));

    await waitFor(() => expect(page.router.state.location.pathname).toBe(`/services/custom_segmentation/${DB}`));
    expect(api.calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
      `${SEGMENTS}${SEGMENT}/`,
    ]);
  });

  it("offers another's shared segment to save as a new one, not to change or delete", async () => {
    const api = serveSegments({
      [`POST ${COUNT}`]: counts,
      [`GET ${SEGMENTS}`]: {
        status: 200,
        body: [segment({ editable: false, owner: { id: 7, name: "Анна Смирнова" } })],
      },
      [`POST ${SEGMENTS}`]: { status: 201, body: segment() },
    });
    await open(`?db=${DB}&segment=${SEGMENT}`);
    await screen.findByText("Сегмент: Первотёлки до 100 дней");

    expect(screen.queryByRole("button", { name: "Удалить" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Сохранить сегмент" }));
    await waitFor(() => expect(api.calls.some((call) => call.method === "POST" && call.path === SEGMENTS)).toBe(true));
    expect(api.calls.some((call) => call.method === "PUT")).toBe(false);
  });

  it("a link to a deleted segment says so, offers a new one and takes the segment out of the link", async () => {
    serveSegments({ [`POST ${COUNT}`]: counts, [`GET ${SEGMENTS}`]: { status: 200, body: [] } });
    const page = await open(`?db=${DB}&segment=${SEGMENT}`);
    const notice = screen.getByRole("alert");
    expect(notice.textContent).toContain("Сегмент не найден: он удалён или вам недоступен");
    expect(screen.getByRole("heading", { name: "Новый сегмент" })).toBeTruthy();

    fireEvent.click(within(notice).getByRole("button", { name: "Убрать из ссылки" }));
    await waitFor(() => expect(page.search()).toEqual({ db: DB }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });

  it.each([
    [6, "a viewer"],
    [7, "a client"],
  ])("lets role %i (%s) try rules and count, but not save", async (role) => {
    serveSegments({ [`POST ${COUNT}`]: counts }, segmentUser({ groups: [role] }));
    await open();
    typeText("LACT=1 DIM<100");

    expect(await screen.findByText("Подходит 17 животных")).toBeTruthy();
    expect(screen.getByText(/сохранять сегменты могут зоотехники и администраторы/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Сохранить сегмент" })).toBeNull();
    expect(screen.queryByLabelText("Название сегмента")).toBeNull();
  });
});
