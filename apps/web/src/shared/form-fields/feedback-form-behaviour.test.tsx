import { FormValueText, PERCENT_MAX } from "@nadoy/contract/form-values";
import type { FormElement } from "@nadoy/contract/table-lists";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FeedbackFormView } from "./FeedbackFormView.tsx";
import { formElement } from "./test-elements.ts";

// Issue 16: what a new visitor of the public form stumbles on — Enter, the error box, commas,
// phones typed the Russian way, percents above 100, long texts, the date picker.

function renderForm(elements: FormElement[]) {
  const onSubmit = vi.fn();
  render(<FeedbackFormView elements={elements} mode="public" tagOptions={{}} onSubmit={onSubmit} />);
  const send = () => fireEvent.click(screen.getByRole("button", { name: "Отправить" }));
  return { onSubmit, send };
}

const idOf = (element: FormElement) => element.column_uuid as string;

describe("the public form is sent by its Send button only", { timeout: 30_000 }, () => {
  it("Enter in a text, number or date field sends nothing and shows no error; Send then sends", async () => {
    const name = formElement({ type: "text", name: "Имя", mandatory_filling: true });
    const herd = formElement({ type: "number", name: "Голов" });
    const when = formElement({ type: "date_picker", name: "Когда" });
    const { onSubmit, send } = renderForm([name, herd, when]);

    const herdInput = screen.getByRole("textbox", { name: "Голов" });
    fireEvent.change(herdInput, { target: { value: "12" } });
    // Enter submits a form implicitly; it must not here (the mandatory name is still empty).
    fireEvent.keyDown(herdInput, { key: "Enter" });
    fireEvent.submit(herdInput.closest("form") as HTMLFormElement);
    // The picker is fetched when the visitor reaches for the field.
    fireEvent.focus(screen.getByRole("textbox", { name: "Когда" }));
    const date = await waitFor(() => {
      const input = screen.getByRole("textbox", { name: "Когда" }) as HTMLInputElement;
      expect(input.readOnly).toBe(false);
      return input;
    });
    fireEvent.change(date, { target: { value: "01.02.2026" } });
    fireEvent.keyDown(date, { key: "Enter" });
    fireEvent.submit(date.closest("form") as HTMLFormElement);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).toBeNull();

    fireEvent.change(screen.getByRole("textbox", { name: "Имя" }), { target: { value: "Анна" } });
    send();
    expect(onSubmit).toHaveBeenCalledWith({ [idOf(name)]: "Анна", [idOf(herd)]: 12, [idOf(when)]: "2026-02-01" });
  });

  it("the form-wide error shows after Send, looking like an error alert", () => {
    const name = formElement({ type: "text", name: "Имя", mandatory_filling: true });
    const { onSubmit, send } = renderForm([name]);
    expect(screen.queryByRole("alert")).toBeNull();
    send();
    const notice = screen.getAllByRole("alert").find((el) => el.classList.contains("nf-notice")) as HTMLElement;
    expect(notice.textContent).toBe(`${FormValueText.noticeTitle}${FormValueText.noticeText}`);
    expect(notice.querySelector("svg.nf-notice-icon")).not.toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("a text field is multi-line: a textarea where Enter makes a new line", () => {
    const message = formElement({ type: "text", name: "Сообщение" });
    const { onSubmit, send } = renderForm([message]);
    const area = screen.getByRole("textbox", { name: "Сообщение" });
    expect(area.tagName).toBe("TEXTAREA");
    fireEvent.change(area, { target: { value: "Первая строка\nвторая" } });
    send();
    expect(onSubmit).toHaveBeenCalledWith({ [idOf(message)]: "Первая строка\nвторая" });
  });
});

describe("numbers, percents and phones as people type them", { timeout: 30_000 }, () => {
  it("«31,5» in a number field is 31.5 (not 315); a refused character is named under the field", () => {
    const milk = formElement({ type: "number", name: "Надой" });
    const { onSubmit, send } = renderForm([milk]);
    const input = screen.getByRole("textbox", { name: "Надой" }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "31,5" } });
    expect(input.value).toBe("31.5");
    expect(screen.queryByRole("status")).toBeNull();
    fireEvent.change(input, { target: { value: "31.5л" } });
    expect(input.value).toBe("31.5");
    expect(screen.getByRole("status").textContent).toBe(
      "Можно вводить только цифры, минус в начале и одну запятую; не принято: «л»",
    );
    expect(input.getAttribute("aria-describedby")).toBe(screen.getByRole("status").id);
    // Still there after leaving the field (nothing below it jumps under the pointer on the way to Send).
    fireEvent.blur(input);
    expect(screen.getByRole("status")).toBeTruthy();
    send();
    expect(onSubmit).toHaveBeenCalledWith({ [idOf(milk)]: 31.5 });
  });

  it(`a percent above ${PERCENT_MAX} is refused on Send with the list's message`, () => {
    const share = formElement({ type: "percent", name: "Доля" });
    const { onSubmit, send } = renderForm([share]);
    fireEvent.change(screen.getByRole("textbox", { name: "Доля" }), { target: { value: "120,5" } });
    send();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(FormValueText.percentMax)).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "Доля" }), { target: { value: "100" } });
    send();
    expect(onSubmit).toHaveBeenCalledWith({ [idOf(share)]: 100 });
  });

  it("150 % is taken by a field whose column allows more than 100, and refused by another", () => {
    const growth = formElement({ type: "percent", name: "Прирост", percent_over_100: true });
    const share = formElement({ type: "percent", name: "Доля" });
    const { onSubmit, send } = renderForm([growth, share]);
    fireEvent.change(screen.getByRole("textbox", { name: "Прирост" }), { target: { value: "150" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Доля" }), { target: { value: "150" } });
    send();
    expect(onSubmit).not.toHaveBeenCalled();
    // Only the strict field is named.
    expect(screen.getAllByText("Процент не может быть больше 100")).toHaveLength(1);
    expect(screen.getByRole("textbox", { name: "Доля" }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("textbox", { name: "Прирост" }).getAttribute("aria-invalid")).not.toBe("true");
    fireEvent.change(screen.getByRole("textbox", { name: "Доля" }), { target: { value: "15" } });
    send();
    expect(onSubmit).toHaveBeenCalledWith({ [idOf(growth)]: 150, [idOf(share)]: 15 });
  });

  it.each(["8 916 123-45-67", "8(916)123-45-67", "+7 (916) 123-45-67", "916 123 45 67"])(
    "the phone «%s» is sent as +79161234567 and shown the usual way",
    (typed) => {
      const phone = formElement({ type: "telephone", name: "Телефон" });
      const { onSubmit, send } = renderForm([phone]);
      const input = screen.getByRole("textbox", { name: "Телефон" }) as HTMLInputElement;
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(input.value).toBe("+7 916 123-45-67");
      send();
      expect(onSubmit).toHaveBeenCalledWith({ [idOf(phone)]: "+79161234567" });
    },
  );

  it("a phone the list would refuse is refused on the form too, with the list's message", () => {
    const phone = formElement({ type: "telephone", name: "Телефон" });
    const { onSubmit, send } = renderForm([phone]);
    fireEvent.change(screen.getByRole("textbox", { name: "Телефон" }), { target: { value: "8 916 123-45" } });
    send();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(FormValueText.telephone)).toBeTruthy();
  });
});

describe("the phone's country picker", () => {
  it("is labelled in Russian, searches in Cyrillic, and what is typed in its search goes nowhere else", () => {
    const name = formElement({ type: "text", name: "Имя" });
    const phone = formElement({ type: "telephone", name: "Телефон" });
    const { onSubmit, send } = renderForm([name, phone]);
    const picker = screen.getByRole("button", { name: /^Страна: Россия, \+7/ });
    fireEvent.click(picker);
    expect(picker.getAttribute("aria-expanded")).toBe("true");
    const search = screen.getByRole("combobox", { name: "Поиск страны" });
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: "Каз" } });
    const list = screen.getByRole("listbox", { name: "Страны" });
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Казахстан+7"]);
    fireEvent.keyDown(search, { key: "Enter" });

    expect(screen.getByRole("button", { name: /^Страна: Казахстан, \+7/ })).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Имя" }) as HTMLTextAreaElement).value).toBe("");
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Телефон" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toMatch(/Country|selector/i);
    send();
    expect(onSubmit).toHaveBeenCalledWith({ [idOf(name)]: "", [idOf(phone)]: "" });
  });

  it("finds countries by the start of a word of their name, names starting with it first, or by dial code", () => {
    renderForm([formElement({ type: "telephone", name: "Телефон" })]);
    fireEvent.click(screen.getByRole("button", { name: /^Страна:/ }));
    const search = screen.getByRole("combobox", { name: "Поиск страны" });
    const shown = () => screen.getAllByRole("option").map((o) => o.querySelector(".nf-country-name")?.textContent);
    fireEvent.change(search, { target: { value: "бел" } });
    expect(shown()).toEqual(["Беларусь", "Белиз", "Бельгия"]);
    fireEvent.change(search, { target: { value: "республика" } });
    expect(shown()).toContain("Доминиканская Республика");
    fireEvent.change(search, { target: { value: "+375" } });
    expect(shown()).toEqual(["Беларусь"]);
  });

  it("Esc closes the list and gives the keyboard back to its button", () => {
    renderForm([formElement({ type: "telephone", name: "Телефон" })]);
    fireEvent.click(screen.getByRole("button", { name: /^Страна:/ }));
    fireEvent.keyDown(screen.getByRole("combobox", { name: "Поиск страны" }), { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Страна:/ }));
  });
});
