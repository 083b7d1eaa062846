import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";

async function fillRegistration() {
  fireEvent.change(await screen.findByLabelText("Имя пользователя"), { target: { value: "zootech" } });
  fireEvent.change(screen.getByLabelText("Электронная почта"), { target: { value: "zoo@example.ru" } });
  fireEvent.change(screen.getByLabelText("Пароль"), { target: { value: "secret-123" } });
  fireEvent.change(screen.getByLabelText("Повторите пароль"), { target: { value: "secret-123" } });
  fireEvent.change(screen.getByLabelText("Имя"), { target: { value: "Иван" } });
  fireEvent.change(screen.getByLabelText("Фамилия"), { target: { value: "Петров" } });
}

function formItemOf(label: string): HTMLElement {
  const item = screen.getByLabelText(label).closest<HTMLElement>(".ant-form-item");
  if (!item) throw new Error(`No form item for ${label}`);
  return item;
}

describe("/register", () => {
  it("puts a 409 conflict under the field it is about", async () => {
    const api = mockApi({
      "POST /api/users/register/": {
        status: 409,
        body: {
          code: "conflict",
          message: "Это имя пользователя уже занято",
          fields: { username: "Это имя пользователя уже занято" },
        },
      },
    });
    renderApp("/register");

    await fillRegistration();
    fireEvent.click(screen.getByRole("button", { name: "Зарегистрироваться" }));

    expect(await within(formItemOf("Имя пользователя")).findByText("Это имя пользователя уже занято")).toBeTruthy();
    expect(within(formItemOf("Электронная почта")).queryByText("Это имя пользователя уже занято")).toBeNull();
    expect(screen.getAllByText("Это имя пользователя уже занято")).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({
      username: "zootech",
      email: "zoo@example.ru",
      password: "secret-123",
      first_name: "Иван",
      last_name: "Петров",
    });
  });

  it("does not send mismatched passwords", async () => {
    const api = mockApi({});
    renderApp("/register");

    await fillRegistration();
    fireEvent.change(screen.getByLabelText("Повторите пароль"), { target: { value: "secret-456" } });
    fireEvent.click(screen.getByRole("button", { name: "Зарегистрироваться" }));

    expect(await within(formItemOf("Повторите пароль")).findByText("Пароли не совпадают")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  // The server answers a taken address exactly like a new one (its owner gets a letter instead),
  // so the page has one outcome to show: the letter.
  it("asks to check the mail after a registration is accepted", async () => {
    mockApi({
      "POST /api/users/register/": {
        status: 201,
        body: { detail: "Мы отправили письмо на указанный адрес. Следуйте указаниям из него." },
      },
    });
    renderApp("/register");

    await fillRegistration();
    fireEvent.click(screen.getByRole("button", { name: "Зарегистрироваться" }));

    expect(await screen.findByText("Проверьте почту")).toBeTruthy();
    expect(screen.getByText("Мы отправили письмо на указанный адрес. Следуйте указаниям из него.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ввести код из письма" }).getAttribute("href")).toBe("/token-confirm");
  });
});
