import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { animalCard, animalRow, COW, DB, renderPage, serveHerd } from "../test-support.tsx";
import { HerdAnimalsPage } from "./HerdAnimalsPage.tsx";

const ANIMALS = `/api/herd/${DB}/animals/`;

function serve() {
  return serveHerd({
    [`GET ${ANIMALS}`]: { status: 200, body: { total: 120, page: 2, page_size: 50, items: [animalRow()] } },
    [`GET ${ANIMALS}${COW}/`]: { status: 200, body: animalCard() },
  });
}

/** The query strings the page sent for the animals, in order. */
const animalQueries = (api: ReturnType<typeof serve>) =>
  api.calls.filter((call) => call.path === ANIMALS).map((call) => Object.fromEntries(call.query));

const open = (search = "") =>
  renderPage("/user-pages/datasets/:uuid", <HerdAnimalsPage />, `/user-pages/datasets/${DB}${search}`);

describe("/user-pages/datasets/:uuid", { timeout: 30_000 }, () => {
  it("asks for the view the link describes and shows the animals", async () => {
    const api = serve();
    open("?status=dry&pen=5&page=2");

    const row = (await screen.findByText("RU0012345")).closest("tr") as HTMLElement;
    expect(animalQueries(api)[0]).toEqual({ status: "dry", pen: "5", page: "2" });
    expect(await screen.findByText("Животные: Стадо Заречная")).toBeTruthy();
    for (const text of ["1234", "Дойная", "3", "5", "120", "29.07.2026", "04.03.2021"]) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(screen.getByText("Всего: 120")).toBeTruthy();
    expect((screen.getByLabelText("Группа") as HTMLInputElement).value).toBe("5");
  });

  it("puts typed filters in the URL and the query, from the first page", async () => {
    const api = serve();
    const page = open("?page=2");
    await screen.findByText("RU0012345");

    fireEvent.change(screen.getByLabelText("ДИМ от"), { target: { value: "30" } });
    fireEvent.change(screen.getByLabelText("Поиск по номеру или бирке"), { target: { value: "RU00" } });
    await waitFor(() => expect(page.search()).toEqual({ dim_from: "30", q: "RU00" }));
    await waitFor(() => expect(animalQueries(api).at(-1)).toEqual({ dim_from: "30", q: "RU00", page: "1" }));
  });

  it("asks for a status at once, from the first page", async () => {
    const api = serve();
    const page = open("?page=3&lact=2");
    await screen.findByText("RU0012345");

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Статус" }));
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="Сухостойная"]');
      if (!found) throw new Error("no option Сухостойная");
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(page.search()).toEqual({ lact: "2", status: "dry" }));
    await waitFor(() => expect(animalQueries(api).at(-1)).toEqual({ lact: "2", status: "dry", page: "1" }));
  });

  it("opens the animal's card from its row, with the card in the URL", async () => {
    serve();
    const page = open("?status=milking");
    fireEvent.click(await screen.findByText("RU0012345"));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("Животное № 1234")).toBeTruthy();
    expect(within(drawer).getByText("Осеменение")).toBeTruthy();
    expect(page.search()).toEqual({ status: "milking", animal: COW });
  });

  it("opens the card a link names", async () => {
    serve();
    open(`?animal=${COW}`);
    expect(await screen.findByText("Животное № 1234")).toBeTruthy();
  });

  it("lists the animals of a segment's rule the link names, until the rule is taken away", async () => {
    const api = serve();
    const page = open("?rule=LACT%3D1+DIM%3C100");

    expect(await screen.findByText("Только животные по правилу сегмента: LACT=1 DIM<100")).toBeTruthy();
    expect(animalQueries(api)[0]).toEqual({ rule: "LACT=1 DIM<100", page: "1" });
    fireEvent.click(screen.getByRole("button", { name: "Убрать правило" }));
    await waitFor(() => expect(page.search()).toEqual({}));
    expect(screen.queryByText(/Только животные по правилу/)).toBeNull();
  });
});
