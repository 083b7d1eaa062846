import type { FormDefinition, ListColumn, ListDetail } from "@nadoy/contract/lists";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../shared/lib/query-client.ts";
import { mockApi } from "../../../test/mock-api.ts";
import { findRichText, preloadRichTextEditor, pressInRichText, typeRichText } from "../../../test/rich-text.ts";
import { elementErrors, moveElement, previewElements } from "./draft.ts";
import { FormBuilderPanel } from "./FormBuilderPanel.tsx";

beforeAll(preloadRichTextEditor, 60_000);

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const LIST = uuid(1);
const LINK = uuid(900);
const FORM = `/api/tableLists/lists/${LIST}/form/`;
const PUBLISH = `/api/tableLists/lists/${LIST}/form/publish/`;

const COLUMNS: ListColumn[] = [
  { uuid: uuid(11), name: "Кличка", type: "text", order: 0, options: [], percent_over_100: false },
  { uuid: uuid(12), name: "Надой", type: "number", order: 1, options: [], percent_over_100: false },
  {
    uuid: uuid(13),
    name: "Метки",
    type: "tag",
    order: 2,
    options: [{ name: "Ремонт", color: "#f5222d" }],
    percent_over_100: false,
  },
];

function listFixture(overrides: Partial<ListDetail> = {}): ListDetail {
  return {
    uuid: LIST,
    name: "Стадо",
    kind: "list",
    company: { uuid: uuid(2), name: "АО Молочный край" },
    row_count: 0,
    column_count: COLUMNS.length,
    form_link: null,
    created_by: "Иван Петров",
    updated_at: "2026-01-10T09:00:00.000Z",
    can_edit_rows: true,
    can_manage: true,
    columns: COLUMNS,
    rows: [],
    ...overrides,
  };
}

function formFixture(overrides: Partial<FormDefinition> = {}): FormDefinition {
  return { uuid_link: LINK, published: false, form_header: "", conclusion: "", elements: [], ...overrides };
}

function renderPanel(list: ListDetail = listFixture()) {
  // In a data router, as on the list page (its unsaved-changes guard blocks route changes).
  const router = createMemoryRouter([{ path: "/", element: <FormBuilderPanel list={list} /> }]);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** Picks an option of the antd Select named `label`. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole("combobox", { name: label }));
  const item = await waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${option}"]`);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe("form builder drafts", () => {
  it("moves elements, maps elements.N errors, previews with column names", () => {
    expect(moveElement(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moveElement(["a", "b"], 0, -1)).toEqual(["a", "b"]);
    const { byIndex, other } = elementErrors({ "elements.3": "Нет такого столбца", form_header: "Длинно" });
    expect(byIndex.get(3)).toBe("Нет такого столбца");
    expect(other).toEqual({ form_header: "Длинно" });
    const preview = previewElements(
      {
        form_header: "Опрос",
        conclusion: "",
        elements: [
          {
            key: "a",
            column_uuid: uuid(12),
            type_form_element: null,
            label_data: "",
            place_holder: "",
            mandatory_filling: true,
            not_empty: false,
          },
          {
            key: "b",
            column_uuid: uuid(99),
            type_form_element: null,
            label_data: "",
            place_holder: "",
            mandatory_filling: false,
            not_empty: false,
          },
        ],
      },
      COLUMNS,
    );
    expect(preview).toMatchObject([{ name: "Надой", type: "number", order: 0, form_header: "Опрос" }]);
  });
});

// antd renders slowly in jsdom on a busy machine: the whole build-and-save flow gets more time.
// Every element has a rich-text editor (a text block's text, a field's description): building a form
// of three elements took about 30 s in jsdom on a machine shared by other test runs.
describe("the list form builder («Форма» tab)", { timeout: 60_000 }, () => {
  it("builds a form from columns and blocks, previews it live and saves the whole body", async () => {
    const api = mockApi({
      [`GET ${FORM}`]: { status: 200, body: formFixture() },
      [`PUT ${FORM}`]: (call) => {
        const body = call.body as { form_header: string; conclusion: string; elements: FormDefinition["elements"] };
        return {
          status: 200,
          body: formFixture({ ...body, elements: body.elements.map((e, order) => ({ ...e, order })) }),
        };
      },
    });
    renderPanel();
    await screen.findByText("В форме пока нет элементов: добавьте поля из столбцов списка, текст или ссылку.");

    fireEvent.change(screen.getByRole("textbox", { name: "Заголовок формы" }), { target: { value: "Заявка" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Текст после отправки" }), {
      target: { value: "Ждите звонка" },
    });
    await pick("Добавить поле из столбца", "Надой");
    await pick("Добавить поле из столбца", "Кличка");
    fireEvent.click(screen.getByRole("button", { name: /Текстовый блок/ }));
    const block = await findRichText("Текстовый блок: текст");
    pressInRichText(block.element, "b", { ctrlKey: true });
    typeRichText(block.editor, "Важно");
    // Кличка first, then Надой; mandatory Кличка with a placeholder.
    fireEvent.click(screen.getByRole("button", { name: "Кличка (текст): выше" }));
    const first = screen.getByTestId("element-0");
    fireEvent.click(within(first).getByRole("checkbox", { name: "Обязательное" }));
    fireEvent.change(within(first).getByRole("textbox", { name: "Кличка (текст): подсказка" }), {
      target: { value: "Например, Зорька" },
    });

    // The live preview: the public renderer without Send.
    const preview = screen.getByText("Предпросмотр").closest(".ant-card") as HTMLElement;
    expect(within(preview).getByRole("heading", { name: "Заявка" })).toBeTruthy();
    expect(within(preview).getByRole("textbox", { name: "Кличка" }).getAttribute("placeholder")).toBe(
      "Например, Зорька",
    );
    expect(within(preview).getByTitle("Обязательно для заполнения")).toBeTruthy();
    expect(within(preview).getByText("Важно").tagName).toBe("STRONG");
    expect(within(preview).queryByRole("button", { name: "Отправить" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await screen.findByText("Форма сохранена");
    const put = api.calls.find((c) => c.method === "PUT");
    expect(put?.body).toEqual({
      form_header: "Заявка",
      conclusion: "Ждите звонка",
      elements: [
        {
          column_uuid: uuid(11),
          type_form_element: null,
          label_data: "",
          place_holder: "Например, Зорька",
          mandatory_filling: true,
          not_empty: false,
        },
        {
          column_uuid: uuid(12),
          type_form_element: null,
          label_data: "",
          place_holder: "",
          mandatory_filling: false,
          not_empty: false,
        },
        {
          column_uuid: null,
          type_form_element: "text_block",
          label_data: "<p><strong>Важно</strong></p>",
          place_holder: "",
          mandatory_filling: false,
          not_empty: false,
        },
      ],
    });
  });

  it("shows the server's elements.N errors on that element", async () => {
    mockApi({
      [`GET ${FORM}`]: {
        status: 200,
        body: formFixture({
          elements: [
            {
              column_uuid: uuid(11),
              type_form_element: null,
              label_data: "",
              place_holder: "",
              mandatory_filling: false,
              not_empty: false,
              order: 0,
            },
            {
              column_uuid: null,
              type_form_element: "link_block",
              label_data: "https://example.com",
              place_holder: "",
              mandatory_filling: false,
              not_empty: false,
              order: 1,
            },
          ],
        }),
      },
      [`PUT ${FORM}`]: {
        status: 400,
        body: {
          code: "validation_error",
          message: "Проверьте форму",
          fields: { "elements.1": "Ссылка должна начинаться с http:// или https://" },
        },
      },
    });
    renderPanel();
    const address = await screen.findByRole("textbox", { name: "Ссылка: адрес" });
    fireEvent.change(address, { target: { value: "ftp://example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    const error = await screen.findByText("Ссылка должна начинаться с http:// или https://");
    expect(screen.getByTestId("element-1").contains(error)).toBe(true);
  });

  it("publishes the saved form and shows its public link to copy and open", async () => {
    const saved = formFixture({
      elements: [
        {
          column_uuid: uuid(11),
          type_form_element: null,
          label_data: "",
          place_holder: "",
          mandatory_filling: false,
          not_empty: false,
          order: 0,
        },
      ],
    });
    const api = mockApi({
      [`GET ${FORM}`]: { status: 200, body: saved },
      [`POST ${PUBLISH}`]: (call) => ({
        status: 200,
        body: { ...saved, published: (call.body as { published: boolean }).published },
      }),
    });
    renderPanel();
    expect(await screen.findByText("Не опубликована")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Опубликовать" }));
    const link = await screen.findByTestId("public-link");
    expect(link.textContent).toBe(`${window.location.origin}/form/${LINK}`);
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ published: true });
    const open = screen.getByRole("link", { name: /Открыть/ });
    expect(open.getAttribute("href")).toBe(`${window.location.origin}/form/${LINK}`);
    expect(open.getAttribute("target")).toBe("_blank");
    expect(open.getAttribute("rel")).toContain("noopener");

    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    fireEvent.click(screen.getByRole("button", { name: /Копировать ссылку/ }));
    expect(await screen.findByText("Ссылка скопирована")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/form/${LINK}`);

    fireEvent.click(screen.getByRole("button", { name: "Снять с публикации" }));
    expect(await screen.findByText("Не опубликована")).toBeTruthy();
    expect(screen.queryByTestId("public-link")).toBeNull();
  });

  it("does not publish a form without fields and says why", async () => {
    mockApi({ [`GET ${FORM}`]: { status: 200, body: formFixture() } });
    renderPanel();
    expect(await screen.findByText("Добавьте хотя бы одно поле, чтобы опубликовать форму")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Опубликовать" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks to save before publishing unsaved changes", async () => {
    mockApi({ [`GET ${FORM}`]: { status: 200, body: formFixture() } });
    renderPanel();
    await pick("Добавить поле из столбца", "Надой");
    expect((screen.getByRole("button", { name: "Опубликовать" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Сохраните изменения, чтобы опубликовать их")).toBeTruthy();
  });

  it("is read-only for those who cannot manage the list", async () => {
    mockApi({
      [`GET ${FORM}`]: {
        status: 200,
        body: formFixture({
          published: true,
          form_header: "Опрос",
          elements: [
            {
              column_uuid: uuid(12),
              type_form_element: null,
              label_data: "",
              place_holder: "",
              mandatory_filling: false,
              not_empty: false,
              order: 0,
            },
          ],
        }),
      },
    });
    renderPanel(listFixture({ can_manage: false }));
    expect(await screen.findByText("Форму может изменять только управляющий списком.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Опрос" })).toBeTruthy();
    expect(screen.getByTestId("public-link")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Сохранить" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Опубликовать" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Заголовок формы" })).toBeNull();
  });
});
