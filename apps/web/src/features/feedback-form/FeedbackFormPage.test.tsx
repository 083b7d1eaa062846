import type { FormElement } from "@nadoy/contract/table-lists";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { formElement } from "../../shared/form-fields/test-elements.ts";
import { mockApi, type RecordedCall } from "../../test/mock-api.ts";
import { renderApp } from "../../test/render-app.tsx";
import { OUTBOX_KEY } from "./outbox.ts";
import { formUuidFromPath, StandaloneFormApp } from "./StandaloneFormApp.tsx";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const LINK = "0b6f3a52-3c1e-4a57-9d5c-2f4f0c7f8a11";
const FORM_DATA = "GET /api/tableLists/form_data/";
const TAGS = "GET /api/tableLists/tags/";
const SUBMIT = "POST /api/tableLists/link_uuid_form/";

function renderForm() {
  return render(
    <StrictMode>
      <StandaloneFormApp pathname={`/form/${LINK}`} />
    </StrictMode>,
  );
}

const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === "POST");

describe("the public feedback form page /form/:uuid", () => {
  it("reads the uuid from the path", () => {
    expect(formUuidFromPath(`/form/${LINK}`)).toBe(LINK);
    expect(formUuidFromPath(`/form/${LINK}/`)).toBe(LINK);
    expect(formUuidFromPath("/form")).toBe("");
  });

  it("shows the elements by order, the default header, and the default conclusion after a valid send", async () => {
    const second = formElement({ type: "text", name: "Второе", order: 2 });
    const first = formElement({ type: "text", name: "Первое", order: 1 });
    const block = formElement({ type_form_element: "text_block", label_data: "<p>Текст блока</p>", order: 0 });
    const api = mockApi({
      [FORM_DATA]: { status: 200, body: [second, block, first] },
      [SUBMIT]: { status: 201, body: { detail: "ok" } },
    });
    renderForm();
    expect(await screen.findByRole("heading", { name: "Форма обратной связи" })).toBeTruthy();
    const labels = Array.from(document.querySelectorAll(".nf-label, .nf-rich")).map((el) => el.textContent);
    expect(labels).toEqual(["Текст блока", "Первое", "Второе"]);
    expect(api.calls[0]?.path).toBe("/api/tableLists/form_data/");

    fireEvent.click(screen.getByRole("button", { name: "Отправить" }));
    expect(await screen.findByText("Спасибо")).toBeTruthy();
    await waitFor(() => expect(posts(api.calls)).toHaveLength(1));
  });

  it("refuses an empty mandatory field: the notice, and nothing sent", async () => {
    const name = formElement({ type: "text", name: "Имя", mandatory_filling: true });
    const agree = formElement({ type: "checkbox", name: "Согласен", mandatory_filling: true });
    const api = mockApi({ [FORM_DATA]: { status: 200, body: [name, agree] } });
    renderForm();
    fireEvent.change(await screen.findByRole("textbox", { name: "Имя" }), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Отправить" }));
    const notice = await screen.findByText("Ошибка отправки формы");
    expect(notice.parentElement?.textContent).toContain("Заполните все обязательные поля");
    expect(posts(api.calls)).toHaveLength(0);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
    expect(screen.queryByText("Спасибо")).toBeNull();
  });

  it("not_empty refuses whitespace only", async () => {
    const note = formElement({ type: "text", name: "Отзыв", not_empty: true });
    const api = mockApi({ [FORM_DATA]: { status: 200, body: [note] } });
    renderForm();
    fireEvent.change(await screen.findByRole("textbox", { name: "Отзыв" }), { target: { value: " \n " } });
    fireEvent.click(screen.getByRole("button", { name: "Отправить" }));
    expect(await screen.findByText("Ошибка отправки формы")).toBeTruthy();
    expect(posts(api.calls)).toHaveLength(0);
  });

  it("sends {uuid_link, form_data keyed by column_uuid} and shows the form's conclusion at once", async () => {
    const header = { form_header: "Заявка на визит", conclusion: "Мы перезвоним" };
    const name = formElement({ type: "text", name: "Имя", mandatory_filling: true, ...header });
    const count = formElement({ type: "number", name: "Голов", ...header });
    const share = formElement({ type: "percent", name: "Доля", ...header });
    const agree = formElement({ type: "checkbox", name: "Согласен", ...header });
    const kind = formElement({ type: "select", name: "Вид", ...header });
    const tags = formElement({ type: "tag", name: "Темы", ...header });
    const when = formElement({ type: "date_picker", name: "Когда", ...header });
    const phone = formElement({ type: "telephone", name: "Телефон", ...header });
    const elements: FormElement[] = [name, count, share, agree, kind, tags, when, phone];
    let answer: () => void = () => {};
    const api = mockApi({
      [FORM_DATA]: { status: 200, body: elements },
      [TAGS]: {
        status: 200,
        body: [
          { name: "Молоко", color: "#1677ff" },
          { name: "Корма", color: "green" },
        ],
      },
      [SUBMIT]: () => {
        answer();
        return { status: 201, body: { detail: "ok" } };
      },
    });
    const answered = new Promise<void>((resolve) => (answer = resolve));
    renderForm();
    expect(await screen.findByRole("heading", { name: "Заявка на визит" })).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "Имя" }), { target: { value: "Анна" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Голов" }), { target: { value: "120" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Доля" }), { target: { value: "12,5" } });
    fireEvent.click(screen.getByLabelText("Согласен"));
    fireEvent.click(screen.getByRole("button", { name: "Вид" }));
    fireEvent.click(await screen.findByRole("option", { name: "Корма" }));
    fireEvent.click(screen.getByRole("button", { name: "Темы" }));
    fireEvent.click(screen.getByRole("button", { name: "Выбрать все" }));
    // The app's DatePicker (loaded on demand) takes the date typed as DD.MM.YYYY; Enter confirms it.
    // The picker is fetched when the visitor reaches for the field.
    fireEvent.focus(screen.getByRole("textbox", { name: "Когда" }));
    const date = await waitFor(() => {
      const input = screen.getByRole("textbox", { name: "Когда" }) as HTMLInputElement;
      expect(input.readOnly).toBe(false); // not the read-only stand-in shown while the picker loads
      return input;
    });
    fireEvent.change(date, { target: { value: "01.06.2025" } });
    fireEvent.keyDown(date, { key: "Enter" });
    fireEvent.change(document.getElementById(screen.getByText("Телефон").getAttribute("for") ?? "") as HTMLElement, {
      target: { value: "8 916 123 45 67" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Отправить" }));

    expect(screen.getByText("Мы перезвоним")).toBeTruthy();
    await answered;
    expect(posts(api.calls).map((c) => c.body)).toEqual([
      {
        uuid_link: LINK,
        client_id: expect.stringMatching(UUID_RE),
        form_data: {
          [name.column_uuid as string]: "Анна",
          [count.column_uuid as string]: 120,
          [share.column_uuid as string]: 12.5,
          [agree.column_uuid as string]: true,
          [kind.column_uuid as string]: { name: "Корма", color: "green" },
          [tags.column_uuid as string]: [
            { name: "Молоко", color: "#1677ff" },
            { name: "Корма", color: "green" },
          ],
          [when.column_uuid as string]: "2025-06-01",
          [phone.column_uuid as string]: "+79161234567",
        },
      },
    ]);
    await waitFor(() => expect(localStorage.getItem(OUTBOX_KEY)).toBeNull());
  });

  it("keeps the submission when the server fails, and sends it on the next visit", async () => {
    const name = formElement({ type: "text", name: "Имя" });
    const failing = mockApi({
      [FORM_DATA]: { status: 200, body: [name] },
      [SUBMIT]: { status: 500, body: { code: "internal_error", message: "Что-то пошло не так..." } },
    });
    const first = renderForm();
    fireEvent.change(await screen.findByRole("textbox", { name: "Имя" }), { target: { value: "Пётр" } });
    fireEvent.click(screen.getByRole("button", { name: "Отправить" }));
    expect(screen.getByText("Спасибо")).toBeTruthy();
    await waitFor(() => expect(posts(failing.calls)).toHaveLength(1));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? "[]")).toHaveLength(1));
    first.unmount();

    const working = mockApi({
      [FORM_DATA]: { status: 200, body: [name] },
      [SUBMIT]: { status: 201, body: { detail: "ok" } },
    });
    renderForm();
    await waitFor(() => expect(localStorage.getItem(OUTBOX_KEY)).toBeNull());
    const [firstSend] = posts(failing.calls).map((c) => c.body as { client_id: string });
    // The resend carries the first send's id: the server writes one row for both.
    expect(posts(working.calls).map((c) => c.body)).toEqual([
      { uuid_link: LINK, client_id: firstSend?.client_id, form_data: { [name.column_uuid as string]: "Пётр" } },
    ]);
    expect(firstSend?.client_id).toMatch(UUID_RE);
  });

  it("shows «Что-то пошло не так...» when the tags cannot be loaded", async () => {
    const tags = formElement({ type: "tag", name: "Темы" });
    mockApi({
      [FORM_DATA]: { status: 200, body: [tags] },
      [TAGS]: { status: 500, body: { code: "internal_error", message: "Ошибка" } },
    });
    renderForm();
    expect(await screen.findByText("Что-то пошло не так...")).toBeTruthy();
  });

  it("says so for an unknown or unpublished link", async () => {
    mockApi({ [FORM_DATA]: { status: 404, body: { code: "not_found", message: "Не найдено" } } });
    renderForm();
    expect(await screen.findByText("Форма не найдена или снята с публикации.")).toBeTruthy();
  });

  it("is also a full page of the app, without sign-in", async () => {
    const name = formElement({ type: "text", name: "Имя", form_header: "Опрос" });
    mockApi({ [FORM_DATA]: { status: 200, body: [name] } });
    renderApp(`/form/${LINK}`);
    expect(await screen.findByRole("heading", { name: "Опрос" })).toBeTruthy();
    expect(document.querySelector('[data-layout="full"]')).not.toBeNull();
  });
});
