import { CONTENT_IMAGE_SIZE_TEXT, CONTENT_IMAGE_TYPE_TEXT } from "@nadoy/contract/content";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import { findRichText, preloadRichTextEditor, pressInRichText, typeRichText } from "../../../test/rich-text.ts";
import { tickCheckbox } from "../../../test/tick-checkbox.ts";
import { COMPANY, COVER_UUID, managedNewsFixture, OTHER_COMPANY, serveEditor } from "../test-support.ts";

beforeAll(preloadRichTextEditor, 60_000);

const IMAGE_URL = `/api/content/images/${COVER_UUID}/`;
const UPLOAD = "POST /api/content/images/";
const created = managedNewsFixture({ id: 7, title: "Новый корм" });

const field = (label: string) => screen.getByLabelText(label, { selector: "input, textarea" }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** A button by its text (its accessible name may start with an icon's). */
const button = (text: string) => screen.getByText(text, { selector: "button span" }).closest("button") as HTMLElement;
const callsTo = (api: ReturnType<typeof serveEditor>, method: string, path: string) =>
  api.calls.filter((c) => c.method === method && c.path === path);

// The first test renders the shell, the page and the editor for the first time in this file (their
// chunks compile then): on a machine shared by other test runs that took over 30 s.
describe("adding news", { timeout: 45_000 }, () => {
  it("saves a draft with cover, body and audience, then opens its edit page", async () => {
    const api = serveEditor({
      [UPLOAD]: { status: 201, body: { uuid: COVER_UUID, url: IMAGE_URL } },
      "POST /api/manage/news/": { status: 201, body: created },
      "GET /api/manage/news/7/": { status: 200, body: created },
    });
    const { router } = renderApp("/add-news");

    await screen.findByText("Новая новость");
    type("Заголовок", "  Новый корм  ");
    type("Краткое описание", "Коротко");
    fireEvent.change(screen.getByLabelText("Файл обложки"), {
      target: { files: [new File(["png"], "cover.png", { type: "image/png" })] },
    });
    expect(await screen.findByAltText("Обложка")).toHaveProperty("src", `http://localhost:3000${IMAGE_URL}`);
    const body = await findRichText("Текст новости");
    typeRichText(body.editor, "Первый абзац");
    pressInRichText(body.element, "Enter");
    typeRichText(body.editor, "Второй абзац");
    fireEvent.click(screen.getByText("Выбранные роли"));
    await screen.findByText("Роли", { selector: "label" });
    await tickCheckbox("Зоотехник");
    await tickCheckbox("Клиент");
    fireEvent.click(button("Сохранить черновик"));

    await waitFor(() => expect(router.state.location.pathname).toBe("/news-edit/7"));
    expect(callsTo(api, "POST", "/api/manage/news/")[0]?.body).toEqual({
      title: "Новый корм",
      excerpt: "Коротко",
      // Enter's paragraphs reach the server as paragraphs.
      body: "<p>Первый абзац</p><p>Второй абзац</p>",
      cover_image_uuid: COVER_UUID,
      audience: { kind: "roles", roles: [3, 7] },
    });
    const upload = api.fetchMock.mock.calls.find(([url]) => String(url).startsWith("/api/content/images/"));
    expect(String(upload?.[0])).toBe("/api/content/images/?name=cover.png");
    expect(await screen.findByText("Редактирование новости", { selector: "h2" })).toBeTruthy();
  });

  it("creates and publishes at once with «Сохранить и опубликовать»", async () => {
    const api = serveEditor({
      "POST /api/manage/news/": { status: 201, body: created },
      "POST /api/manage/news/7/publish/": {
        status: 200,
        body: { ...created, status: "published", publish_at: new Date().toISOString() },
      },
      "GET /api/manage/news/7/": { status: 200, body: created },
    });
    const { router } = renderApp("/add-news");
    await screen.findByText("Новая новость");
    type("Заголовок", "Новый корм");
    fireEvent.click(button("Сохранить и опубликовать"));

    await waitFor(() => expect(callsTo(api, "POST", "/api/manage/news/7/publish/")).toHaveLength(1));
    expect(callsTo(api, "POST", "/api/manage/news/")[0]?.body).toMatchObject({ audience: { kind: "all" } });
    expect(router.state.location.pathname).toBe("/news-edit/7");
  });

  it("shows the server's field messages under the fields", async () => {
    serveEditor({
      "POST /api/manage/news/": {
        status: 400,
        body: {
          code: "validation_error",
          message: "Проверьте поля",
          fields: { title: "Слишком похоже на другую новость", "audience.company_uuids": "Нет такой компании" },
        },
      },
    });
    renderApp("/add-news");
    await screen.findByText("Новая новость");
    type("Заголовок", "Новый корм");
    fireEvent.click(screen.getByText("Выбранные компании"));
    const select = await screen.findByRole("combobox", { hidden: true });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle(COMPANY.name));
    fireEvent.click(button("Сохранить черновик"));

    expect(await screen.findByText("Слишком похоже на другую новость")).toBeTruthy();
    expect(screen.getByText("Нет такой компании")).toBeTruthy();
  });

  it("refuses a file that is not a picture or too big before uploading it", async () => {
    const api = serveEditor();
    renderApp("/add-news");
    await screen.findByText("Новая новость");

    fireEvent.change(screen.getByLabelText("Файл обложки"), { target: { files: [new File(["x"], "notes.txt")] } });
    expect(await screen.findByText(CONTENT_IMAGE_TYPE_TEXT)).toBeTruthy();
    const big = new File(["x"], "huge.jpg");
    Object.defineProperty(big, "size", { value: 6 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText("Файл обложки"), { target: { files: [big] } });
    expect(await screen.findByText(CONTENT_IMAGE_SIZE_TEXT)).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/api/content/images/")).toBe(false);
  });

  it("inserts an uploaded picture into the body at the cursor", async () => {
    serveEditor({ [UPLOAD]: { status: 201, body: { uuid: COVER_UUID, url: IMAGE_URL } } });
    renderApp("/add-news");
    await screen.findByText("Новая новость");
    const { element, editor } = await findRichText("Текст новости");
    typeRichText(editor, "До");
    pressInRichText(element, "Enter");
    typeRichText(editor, "После");
    act(() => editor.commands.setTextSelection(3)); // the end of «До»
    fireEvent.change(screen.getByLabelText("Текст новости: файл изображения"), {
      target: { files: [new File(["gif"], "схема.gif")] },
    });
    const picture = await within(element).findByAltText("схема.gif");
    expect(picture.getAttribute("src")).toBe(IMAGE_URL);
    expect([...element.children].map((child) => child.textContent || child.tagName)).toEqual(["До", "IMG", "После"]);
  });
});

describe("editing news", { timeout: 20_000 }, () => {
  const item = managedNewsFixture({
    id: 7,
    title: "Итоги года",
    excerpt: "Кратко",
    body: "<p>Было</p>",
    cover_image_uuid: COVER_UUID,
    cover_url: IMAGE_URL,
    audience: { kind: "companies", companies: [OTHER_COMPANY] },
  });

  it("loads the item, saves the whole form and then offers publishing", async () => {
    const api = serveEditor({
      "GET /api/manage/news/7/": { status: 200, body: item },
      "PATCH /api/manage/news/7/": {
        status: 200,
        body: { ...item, title: "Итоги 2025 года", cover_image_uuid: null, cover_url: null },
      },
      "POST /api/manage/news/7/publish/": { status: 200, body: item },
    });
    renderApp("/news-edit/7");

    await waitFor(() => expect(field("Заголовок").value).toBe("Итоги года"));
    expect(screen.getByAltText("Обложка")).toBeTruthy();
    // The company the item names shows by name even though the editor is not its member.
    expect(screen.getByText(OTHER_COMPANY.name)).toBeTruthy();
    expect(button("Опубликовать")).toBeTruthy();

    type("Заголовок", "Итоги 2025 года");
    expect(screen.queryByText("Опубликовать", { selector: "button span" })).toBeNull();
    expect(screen.getByText("Сохраните изменения, чтобы опубликовать их.")).toBeTruthy();
    fireEvent.click(button("Убрать обложку"));
    fireEvent.click(button("Сохранить"));

    await waitFor(() => expect(callsTo(api, "PATCH", "/api/manage/news/7/")).toHaveLength(1));
    expect(callsTo(api, "PATCH", "/api/manage/news/7/")[0]?.body).toEqual({
      title: "Итоги 2025 года",
      excerpt: "Кратко",
      body: "<p>Было</p>",
      cover_image_uuid: null,
      audience: { kind: "companies", company_uuids: [OTHER_COMPANY.uuid] },
    });
    fireEvent.click(await screen.findByText("Опубликовать", { selector: "button span" }));
    await waitFor(() => expect(callsTo(api, "POST", "/api/manage/news/7/publish/")).toHaveLength(1));
  });

  it("says when the item does not exist", async () => {
    serveEditor({ "GET /api/manage/news/99/": { status: 404, body: { code: "not_found", message: "Не найдено" } } });
    renderApp("/news-edit/99");
    expect(await screen.findByText("Новость не найдена")).toBeTruthy();
  });

  it("opens the stored body as it looks, without what the sanitiser drops", async () => {
    serveEditor({
      "GET /api/manage/news/7/": { status: 200, body: { ...item, body: "<p>Было</p><img src=x onerror=alert(1)>" } },
    });
    renderApp("/news-edit/7");
    const { element } = await findRichText("Текст новости");
    expect((await within(element).findByText("Было")).tagName).toBe("P");
    expect(element.querySelector("img")).toBeNull();
  });
});
