import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { findRichText, preloadRichTextEditor, typeRichText } from "../../../test/rich-text.ts";
import { mockSignedIn } from "../../../test/signed-in.ts";
import { editorData, MANUAL, managedFixture, renderManagePage, rowOf, serveEditor, uuid } from "../test-support.tsx";

beforeAll(preloadRichTextEditor, 60_000);

const LIST = "GET /api/manage/instructions/";
const ORDER = "PUT /api/manage/instructions/order/";
const first = managedFixture({ uuid: uuid(1), title: "Как загрузить отчёт", position: 1 });
const second = managedFixture({
  uuid: uuid(2),
  title: "Доски задач",
  position: 2,
  published: false,
  audience: { kind: "roles", roles: [3, 7] },
  updated_by: null,
});
const third = managedFixture({ uuid: uuid(3), title: "Списки и таблицы", position: 3 });
const list = [first, second, third].map(rowOf);

// Role queries are slow in jsdom under antd's style sheets: rows are found by their title's text,
// buttons with `hidden: true`.
async function tableRow(title: string) {
  return (await screen.findByText(title, { selector: "a" })).closest("tr") as HTMLElement;
}

const titlesInOrder = () =>
  [...document.querySelectorAll("tbody tr")].map((row) => row.querySelector("a")?.textContent).filter(Boolean);

const button = (name: string | RegExp, scope: HTMLElement = document.body) =>
  within(scope).getByRole("button", { name, hidden: true });

/** The editors' list as the server keeps it: PUT order and DELETE change what the next GET answers. */
function listServer(rows = list) {
  let current = [...rows];
  return {
    [LIST]: () => ({ status: 200, body: current }),
    [ORDER]: (call: { body: unknown }) => {
      const { uuids } = call.body as { uuids: string[] };
      current = uuids.map((id) => current.find((row) => row.uuid === id)).filter((row) => row !== undefined);
      return { status: 204 };
    },
    [`DELETE /api/manage/instructions/${third.uuid}/`]: () => {
      current = current.filter((row) => row.uuid !== third.uuid);
      return { status: 204 };
    },
  };
}

describe("instructions management", { timeout: 20_000 }, () => {
  it("lists every article in order with its status, audience and last change", async () => {
    serveEditor({ [LIST]: { status: 200, body: list } });
    renderManagePage();

    const firstRow = await tableRow("Как загрузить отчёт");
    expect(within(firstRow).getByText("Опубликована")).toBeTruthy();
    expect(firstRow.textContent).toContain("Все пользователи");
    expect(firstRow.textContent).toContain("Мария Редактор");
    const secondRow = await tableRow("Доски задач");
    expect(within(secondRow).getByText("Черновик")).toBeTruthy();
    expect(secondRow.textContent).toContain("Роли: Зоотехник, Клиент");
    expect(titlesInOrder()).toEqual(["Как загрузить отчёт", "Доски задач", "Списки и таблицы"]);
    expect((button("Выше «Как загрузить отчёт»", firstRow) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows an empty state without articles, and lets superusers in", async () => {
    serveEditor({ [LIST]: { status: 200, body: [] } }, editorData({ groups: [3], is_superuser: true }));
    renderManagePage();
    expect(await screen.findByText(/Инструкций пока нет/)).toBeTruthy();
  });

  it("creates an article for chosen roles, with a file, and refetches the list", async () => {
    const created = managedFixture({
      uuid: uuid(4),
      title: "Новая инструкция о кормах",
      body: "<p>Корма</p>",
      published: true,
      audience: { kind: "roles", roles: [3, 7] },
      attachments: [MANUAL],
    });
    let lists = 0;
    const api = serveEditor({
      [LIST]: () => ({ status: 200, body: lists++ === 0 ? list : [...list, rowOf(created)] }),
      "POST /api/attachments/": { status: 201, body: MANUAL },
      "POST /api/manage/instructions/": { status: 201, body: created },
    });
    renderManagePage();
    await tableRow("Как загрузить отчёт");

    fireEvent.click(button(/Добавить инструкцию/));
    const drawer = await screen.findByRole("dialog");
    await within(drawer).findByText("Новая инструкция");
    fireEvent.change(within(drawer).getByLabelText("Название"), { target: { value: "  Новая инструкция о кормах " } });
    typeRichText((await findRichText("Текст инструкции")).editor, "Корма");
    fireEvent.click(within(drawer).getByRole("switch", { hidden: true }));
    fireEvent.click(within(drawer).getByLabelText("Выбранные роли"));

    const roles = await within(drawer).findByRole("combobox", { hidden: true });
    for (const role of ["Зоотехник", "Клиент"]) {
      fireEvent.mouseDown(roles);
      const option = await waitFor(() => {
        const found = document.querySelector(`.ant-select-item-option[title="${role}"]`);
        if (!found) throw new Error(`no option ${role}`);
        return found;
      });
      fireEvent.click(option);
    }

    const input = drawer.querySelector<HTMLInputElement>('input[type="file"][multiple]');
    if (!input) throw new Error("no file input");
    fireEvent.change(input, { target: { files: [new File(["%PDF"], MANUAL.name)] } });
    await within(drawer).findByRole("listitem", { name: MANUAL.name, hidden: true });
    // The file shows while it uploads; saving waits for the upload (the button is disabled until then).
    await waitFor(() => expect(button("Создать", drawer).hasAttribute("disabled")).toBe(false));

    fireEvent.click(button("Создать", drawer));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === "/api/manage/instructions/" && c.method === "POST")).toBe(true),
    );
    expect(api.calls.find((c) => c.method === "POST" && c.path === "/api/manage/instructions/")?.body).toEqual({
      title: "Новая инструкция о кормах",
      body: "<p>Корма</p>",
      published: true,
      audience: { kind: "roles", roles: [3, 7] },
      attachment_uuids: [MANUAL.uuid],
    });
    expect(await screen.findByText("Инструкция опубликована")).toBeTruthy();
    expect(await screen.findByText("Новая инструкция о кормах", { selector: "a" })).toBeTruthy();
    expect(api.calls.filter((c) => c.method === "GET" && c.path === "/api/manage/instructions/")).toHaveLength(2);
  });

  it("refuses a file of a wrong type before uploading it", async () => {
    const api = serveEditor({ [LIST]: { status: 200, body: list } });
    renderManagePage();
    await tableRow("Как загрузить отчёт");
    fireEvent.click(button(/Добавить инструкцию/));
    const drawer = await screen.findByRole("dialog");
    const input = drawer.querySelector<HTMLInputElement>('input[type="file"][multiple]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["MZ"], "setup.exe")] } });
    expect(await screen.findByText(/Такой файл прикрепить нельзя/)).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/api/attachments/")).toBe(false);
  });

  it("edits an article: the form shows it, and a removed file is left out of the save", async () => {
    const full = managedFixture({ ...second, body: "<p>Доски</p>", attachments: [MANUAL] });
    const api = serveEditor({
      [LIST]: { status: 200, body: list },
      [`GET /api/manage/instructions/${second.uuid}/`]: { status: 200, body: full },
      [`PATCH /api/manage/instructions/${second.uuid}/`]: { status: 200, body: { ...full, attachments: [] } },
    });
    renderManagePage();

    fireEvent.click(await screen.findByText("Доски задач", { selector: "a" }));
    const drawer = await screen.findByRole("dialog");
    await within(drawer).findByDisplayValue("Доски задач");
    const body = (await findRichText("Текст инструкции")).element;
    expect(within(body).getByText("Доски").tagName).toBe("P");
    expect(drawer.textContent).toContain("Зоотехник");

    fireEvent.click(button(`Удалить «${MANUAL.name}»`, drawer));
    fireEvent.click(button("Сохранить", drawer));
    await waitFor(() => expect(api.calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({
      title: "Доски задач",
      body: "<p>Доски</p>",
      published: false,
      audience: { kind: "roles", roles: [3, 7] },
      attachment_uuids: [],
    });
    expect(await screen.findByText("Изменения сохранены")).toBeTruthy();
  });

  it("moves an article down and sends the full new order", async () => {
    const api = serveEditor(listServer());
    renderManagePage();

    fireEvent.click(button("Ниже «Как загрузить отчёт»", await tableRow("Как загрузить отчёт")));
    await waitFor(() => expect(titlesInOrder()).toEqual(["Доски задач", "Как загрузить отчёт", "Списки и таблицы"]));
    await waitFor(() => expect(api.calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ uuids: [uuid(2), uuid(1), uuid(3)] });
    expect(await screen.findByText("Порядок сохранён")).toBeTruthy();

    // A second move starts from the new order.
    fireEvent.click(button("Ниже «Как загрузить отчёт»", await tableRow("Как загрузить отчёт")));
    await waitFor(() => expect(api.calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === "PUT")[1]?.body).toEqual({ uuids: [uuid(2), uuid(3), uuid(1)] });
    await waitFor(() => expect(titlesInOrder()).toEqual(["Доски задач", "Списки и таблицы", "Как загрузить отчёт"]));
  });

  it("puts the order back when the server refuses it", async () => {
    serveEditor({
      [LIST]: { status: 200, body: list },
      [ORDER]: { status: 400, body: { code: "validation_error", message: "Порядок устарел, обновите страницу" } },
    });
    renderManagePage();

    fireEvent.click(button("Выше «Списки и таблицы»", await tableRow("Списки и таблицы")));
    expect(await screen.findByText("Порядок устарел, обновите страницу")).toBeTruthy();
    await waitFor(() => expect(titlesInOrder()).toEqual(["Как загрузить отчёт", "Доски задач", "Списки и таблицы"]));
  });

  it("deletes an article only after the confirmation", async () => {
    const api = serveEditor(listServer());
    renderManagePage();
    const deletes = () => api.calls.filter((c) => c.method === "DELETE");

    fireEvent.click(button("Удалить «Списки и таблицы»", await tableRow("Списки и таблицы")));
    const confirm = await screen.findByText("Удалить инструкцию «Списки и таблицы»?");
    expect(deletes()).toHaveLength(0);
    const popup = confirm.closest(".ant-popconfirm") as HTMLElement;
    fireEvent.click(button("Удалить", popup));
    await waitFor(() => expect(screen.queryByText("Списки и таблицы", { selector: "a" })).toBeNull());
    expect(deletes().map((c) => c.path)).toEqual([`/api/manage/instructions/${third.uuid}/`]);
    expect(await screen.findByText("Инструкция удалена")).toBeTruthy();
  });

  it("refuses users who are not content editors, without asking the editors' API", async () => {
    const api = mockSignedIn(userDataFixture({ groups: [1] }));
    renderManagePage();
    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith("/api/manage/"))).toBe(false);
  });
});
