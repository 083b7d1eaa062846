import type { TagOption } from "@nadoy/contract/form-values";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { type ReactElement, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { CheckboxField } from "./CheckboxField.tsx";
import { DateField } from "./DateField.tsx";
import { FeedbackFormView } from "./FeedbackFormView.tsx";
import { LinkBlock } from "./LinkBlock.tsx";
import { NumberField } from "./NumberField.tsx";
import { PercentField } from "./PercentField.tsx";
import { PhoneField } from "./PhoneField.tsx";
import { DEFAULT_PLACEHOLDER } from "./placeholders.ts";
import { SelectField } from "./SelectField.tsx";
import { TagField, type TagSetValue } from "./TagField.tsx";
import { TextBlock } from "./TextBlock.tsx";
import { TextField } from "./TextField.tsx";
import { formElement } from "./test-elements.ts";
import type { FieldValue } from "./types.ts";

type RenderField<V> = (value: V, onChange: (v: V) => void) => ReactElement;

function Harness<V extends FieldValue>(props: { initial: V; renderField: RenderField<V>; seen: (value: V) => void }) {
  const [value, setValue] = useState<V>(props.initial);
  return props.renderField(value, (next) => {
    props.seen(next);
    setValue(next);
  });
}

/** Renders a field with its value kept in state; `last()` is the value it reported last. */
function harness<V extends FieldValue>(initial: V, renderField: RenderField<V>) {
  const seen = vi.fn<(value: V) => void>();
  render(<Harness initial={initial} renderField={renderField} seen={seen} />);
  return { seen, last: () => seen.mock.lastCall?.[0] };
}

const TAGS: TagOption[] = [
  { name: "Срочно", color: "#f5222d" },
  { name: "Очень длинное название тега, которое не помещается в двести пикселей ширины", color: "#1677ff" },
  { name: "Позже", color: "" },
];

describe("number field (spec §5)", () => {
  it("keeps only a leading minus, digits and one dot while typing, and the value follows", () => {
    const field = harness<number | "">("", (value, onChange) => (
      <NumberField id="n" value={value} onChange={onChange} placeholder={DEFAULT_PLACEHOLDER.number} />
    ));
    const input = screen.getByPlaceholderText("Введите число") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "a-1.2.3x" } });
    expect(input.value).toBe("-1.23");
    expect(field.last()).toBe(-1.23);
    fireEvent.change(input, { target: { value: "5-" } });
    expect(input.value).toBe("5");
  });

  it("becomes a float on blur, or is cleared when it is not a number", () => {
    const field = harness<number | "">("", (value, onChange) => (
      <NumberField id="n" value={value} onChange={onChange} placeholder="" />
    ));
    const input = screen.getByRole("textbox") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "007.50" } });
    fireEvent.blur(input);
    expect(input.value).toBe("7.5");
    expect(field.last()).toBe(7.5);
    fireEvent.change(input, { target: { value: "-." } });
    fireEvent.blur(input);
    expect(input.value).toBe("");
    expect(field.last()).toBe("");
  });
});

describe("percent field (spec §5)", () => {
  it("takes digits and one comma (a dot counts as the comma); the value reads the comma as a dot", () => {
    const field = harness<number | "">("", (value, onChange) => (
      <PercentField id="p" value={value} onChange={onChange} placeholder={DEFAULT_PLACEHOLDER.percent} />
    ));
    const input = screen.getByPlaceholderText("Введите процент") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "-12.5%,3" } });
    expect(input.value).toBe("12,53");
    expect(field.last()).toBe(12.53);
  });

  it("drops a trailing comma on blur and clears a lone comma", () => {
    const field = harness<number | "">("", (value, onChange) => (
      <PercentField id="p" value={value} onChange={onChange} placeholder="" />
    ));
    const input = screen.getByRole("textbox") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "12," } });
    expect(field.last()).toBe(12);
    fireEvent.blur(input);
    expect(input.value).toBe("12");
    fireEvent.change(input, { target: { value: "," } });
    expect(field.last()).toBe("");
    fireEvent.blur(input);
    expect(input.value).toBe("");
  });

  it("shows a stored percent with a comma", () => {
    render(<PercentField id="p" value={12.5} onChange={() => {}} placeholder="" />);
    expect((screen.getByRole("textbox") as HTMLInputElement).value).toBe("12,5");
  });
});

describe("tag field (spec §5 tag set)", () => {
  const renderTags = () =>
    harness<TagSetValue>("", (value, onChange) => (
      <TagField
        id="t"
        value={value}
        onChange={onChange}
        placeholder="Выберите элемент"
        options={TAGS}
        ariaLabel="Теги"
      />
    ));

  it('select-all picks every tag; toggling a tag twice removes it; an empty set is ""', () => {
    const field = renderTags();
    const trigger = screen.getByRole("button", { name: "Теги" });
    expect(trigger.textContent).toContain("Выберите элемент");
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole("button", { name: "Выбрать все" }));
    expect(field.last()).toEqual(TAGS);

    const option = (name: string) => screen.getByRole("option", { name });
    fireEvent.click(option("Срочно"));
    expect(field.last()).toEqual([TAGS[1], TAGS[2]]);
    fireEvent.click(option("Срочно"));
    expect(field.last()).toEqual([TAGS[1], TAGS[2], TAGS[0]]);
    fireEvent.click(option("Срочно"));
    expect(option("Срочно").getAttribute("aria-selected")).toBe("false");

    fireEvent.click(option(TAGS[1]?.name ?? ""));
    fireEvent.click(option("Позже"));
    expect(field.last()).toBe("");
    expect(trigger.textContent).toContain("Выберите элемент");
  });

  it("shows picked tags in their colour with the full name as a tooltip (ellipsis at 200 px)", () => {
    renderTags();
    fireEvent.click(screen.getByRole("button", { name: "Теги" }));
    fireEvent.click(screen.getByRole("option", { name: TAGS[1]?.name }));
    const trigger = screen.getByRole("button", { name: "Теги" });
    const chip = within(trigger).getByTitle(TAGS[1]?.name ?? "");
    expect(chip.classList.contains("nf-tag")).toBe(true);
    expect(chip.getAttribute("data-color")).toBe("#1677ff");
    expect(chip.getAttribute("style")).toContain("--nf-tag-color: #1677ff");
  });

  it("closes on Escape", () => {
    renderTags();
    fireEvent.click(screen.getByRole("button", { name: "Теги" }));
    expect(screen.getByRole("listbox")).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
  });
});

describe("select field", () => {
  it("picks one tag {name, color} and closes", () => {
    const field = harness<TagOption | "">("", (value, onChange) => (
      <SelectField
        id="s"
        value={value}
        onChange={onChange}
        placeholder="Выберите элемент"
        options={TAGS}
        ariaLabel="Статус"
      />
    ));
    fireEvent.click(screen.getByRole("button", { name: "Статус" }));
    fireEvent.click(screen.getByRole("option", { name: "Позже" }));
    expect(field.last()).toEqual({ name: "Позже", color: "" });
    expect(screen.queryByRole("listbox")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Статус" }));
    fireEvent.click(screen.getByRole("option", { name: "Срочно" }));
    expect(field.last()).toEqual(TAGS[0]);
  });
});

describe("date, text, checkbox and phone fields", () => {
  it("date: the app's DatePicker, typed DD.MM.YYYY, valued YYYY-MM-DD (never the browser's mm/dd/yyyy)", async () => {
    const field = harness<string>("", (value, onChange) => (
      <DateField id="d" value={value} onChange={onChange} placeholder="Выберите дату" />
    ));
    // A read-only stand-in until the visitor reaches for the field: antd is fetched only then.
    const standIn = screen.getByPlaceholderText("Выберите дату") as HTMLInputElement;
    expect(standIn.readOnly).toBe(true);
    fireEvent.focus(standIn);
    const input = await waitFor(() => {
      const picker = screen.getByPlaceholderText("Выберите дату") as HTMLInputElement;
      expect(picker.readOnly).toBe(false);
      return picker;
    });
    expect(input.type).toBe("text");
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: "01.02.2026" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(field.last()).toBe("2026-02-01");
    expect(input.value).toBe("01.02.2026");
  });

  it("text: the typed text", () => {
    const field = harness<string>("", (value, onChange) => (
      <TextField id="x" value={value} onChange={onChange} placeholder="Введите текст" />
    ));
    fireEvent.change(screen.getByPlaceholderText("Введите текст"), { target: { value: "Привет" } });
    expect(field.last()).toBe("Привет");
  });

  it("checkbox: true and false", () => {
    const field = harness<boolean>(false, (value, onChange) => (
      <CheckboxField id="c" value={value} onChange={onChange}>
        Согласен
      </CheckboxField>
    ));
    fireEvent.click(screen.getByLabelText("Согласен"));
    expect(field.last()).toBe(true);
    fireEvent.click(screen.getByLabelText("Согласен"));
    expect(field.last()).toBe(false);
  });

  it('phone: Russia by default, the value in E.164 (+7…), "" for the bare dial code, flags from our own origin', () => {
    const field = harness<string>("", (value, onChange) => (
      <PhoneField id="ph" value={value} onChange={onChange} placeholder="Введите телефон" />
    ));
    const input = document.getElementById("ph") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "+7 916 123-45-67" } });
    expect(field.last()).toBe("+79161234567");
    fireEvent.change(input, { target: { value: "+7" } });
    expect(field.last()).toBe("");
    const images = Array.from(document.querySelectorAll("img"));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image.getAttribute("src")).toMatch(/^\/flags\/[a-z]{2}\.svg$/);
    expect(images[0]?.getAttribute("src")).toBe("/flags/ru.svg");
  });

  it("phone: the country list is in Russian, preferred countries first, every flag from /flags/", () => {
    render(<PhoneField id="ph" value="" onChange={() => {}} placeholder="" />);
    fireEvent.click(screen.getByRole("button", { name: /^Страна: Россия/ }));
    const names = screen.getAllByRole("option").map((o) => o.querySelector(".nf-country-name")?.textContent);
    expect(names.slice(0, 3)).toEqual(["Россия", "Беларусь", "Казахстан"]);
    for (const image of Array.from(document.querySelectorAll("img"))) {
      expect(image.getAttribute("src")).toMatch(/^\/flags\/[a-z]{2}\.svg$/);
    }
  });

  it("phone: digits typed for another country get its dial code", () => {
    const field = harness<string>("", (value, onChange) => (
      <PhoneField id="ph" value={value} onChange={onChange} placeholder="" />
    ));
    fireEvent.click(screen.getByRole("button", { name: /^Страна:/ }));
    fireEvent.change(screen.getByRole("combobox", { name: "Поиск страны" }), { target: { value: "беларусь" } });
    fireEvent.keyDown(screen.getByRole("combobox", { name: "Поиск страны" }), { key: "Enter" });
    const input = document.getElementById("ph") as HTMLInputElement;
    expect(input.value).toBe("+375 ");
    fireEvent.change(input, { target: { value: "29 123 45 67" } });
    expect(field.last()).toBe("+375291234567");
  });
});

describe("blocks and labels", () => {
  it("text block: sanitised rich text, or «Добавьте описание» when empty", () => {
    const { container, rerender } = render(
      <TextBlock
        html={
          '<b>Жирный</b><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">ссылка</a>'
        }
      />,
    );
    expect(screen.getByText("Жирный").tagName).toBe("B");
    expect(container.querySelector("img, script")).toBeNull();
    expect(container.innerHTML).not.toContain("javascript:");
    rerender(<TextBlock html="<p> </p>" />);
    expect(screen.getByText("Добавьте описание")).toBeTruthy();
  });

  it("link block: opens in a new tab with rel noopener; same-site paths link too; no link for other addresses", () => {
    const { rerender } = render(<LinkBlock url="https://example.com/a" text="Сайт" />);
    const link = screen.getByRole("link", { name: "Сайт" });
    expect(link.getAttribute("href")).toBe("https://example.com/a");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    rerender(<LinkBlock url="/personal-data-agreement" text="Согласие" />);
    expect(screen.getByRole("link", { name: "Согласие" }).getAttribute("href")).toBe("/personal-data-agreement");
    for (const bad of ["javascript:alert(1)", "//evil.example/x", "ftp://example.com"]) {
      rerender(<LinkBlock url={bad} text="Плохая" />);
      expect(screen.queryByRole("link")).toBeNull();
    }
  });

  it("mandatory fields show an asterisk titled «Обязательно для заполнения»; default placeholders in Russian", () => {
    const elements = [
      formElement({ type: "text", name: "Имя", mandatory_filling: true }),
      formElement({ type: "number", name: "Возраст" }),
      formElement({ type: "percent", name: "Доля" }),
      formElement({ type: "ref", name: "Сайт", not_empty: true }),
      formElement({ type: "text", name: "Свой", place_holder: "Как к вам обращаться" }),
    ];
    render(<FeedbackFormView elements={elements} mode="preview" tagOptions={{}} />);
    expect(screen.getAllByTitle("Обязательно для заполнения")).toHaveLength(2);
    expect(screen.getByRole("textbox", { name: "Имя" }).getAttribute("placeholder")).toBe("Введите текст");
    expect(screen.getByRole("textbox", { name: "Возраст" }).getAttribute("placeholder")).toBe("Введите число");
    expect(screen.getByRole("textbox", { name: "Доля" }).getAttribute("placeholder")).toBe("Введите процент");
    expect(screen.getByRole("textbox", { name: "Сайт" }).getAttribute("placeholder")).toBe("Введите ссылку");
    expect(screen.getByRole("textbox", { name: "Свой" }).getAttribute("placeholder")).toBe("Как к вам обращаться");
    expect(screen.queryByRole("button", { name: "Отправить" })).toBeNull();
  });

  it("editor mode disables the fields", () => {
    const elements = [formElement({ type: "text", name: "Имя" }), formElement({ type: "checkbox", name: "Да" })];
    render(<FeedbackFormView elements={elements} mode="editor" tagOptions={{}} />);
    expect((screen.getByLabelText("Имя") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText("Да") as HTMLInputElement).disabled).toBe(true);
  });
});
