import type { ChangeEmailBody, UserProfilePatch } from "@nadoy/contract/users";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture, userProfileFixture } from "../../../test/fixtures.ts";
import type { RecordedCall } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { everythingUserData, mockSignedIn } from "../../../test/signed-in.ts";

type Handlers = Parameters<typeof mockSignedIn>[1];

const conflict = {
  status: 409,
  body: {
    code: "conflict",
    message: "Этот адрес уже зарегистрирован",
    fields: { email: "Этот адрес уже зарегистрирован" },
  },
};
const wrongEmailPassword = {
  status: 400,
  body: {
    code: "wrong_password",
    message: "Неверный текущий пароль",
    fields: { password: "Неверный текущий пароль" },
  },
};
const wrongPassword = {
  status: 400,
  body: {
    code: "wrong_password",
    message: "Неверный текущий пароль",
    fields: { old_password: "Неверный текущий пароль" },
  },
};

const CURRENT_PASSWORD = "correct-horse";

/**
 * A signed-in user whose users/data and user_profile follow every PATCH, as the server does; an
 * email change with the right password (or none, for an account without one) waits for its link.
 */
function serverWithProfile(groups: number[] = [3], extra: Handlers = {}, profileOverrides = {}) {
  let user = everythingUserData({ groups });
  let profile = userProfileFixture(profileOverrides);
  const api = mockSignedIn(user, {
    "GET /api/users/data/": () => ({ status: 200, body: user }),
    "GET /api/users/user_profile/": () => ({ status: 200, body: profile }),
    "PATCH /api/users/user_profile/": (call) => {
      const patch = call.body as UserProfilePatch;
      profile = { ...profile, ...patch } as typeof profile;
      user = { ...user, ...profile, email: undefined } as unknown as typeof user;
      return { status: 200, body: profile };
    },
    "POST /api/users/change_email/": (call) => {
      const body = call.body as ChangeEmailBody;
      if (profile.has_password && body.password !== CURRENT_PASSWORD) return wrongEmailPassword;
      profile = { ...profile, pending_email: body.email };
      return { status: 200, body: { detail: "Письмо отправлено.", pending_email: body.email } };
    },
    ...extra,
  });
  return api;
}

const tabNames = async () => {
  const tabs = await screen.findAllByRole("tab");
  return tabs.map((tab) => tab.textContent);
};
const patches = (calls: RecordedCall[]) => calls.filter((call) => call.method === "PATCH").map((call) => call.body);
const emailChanges = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === "/api/users/change_email/").map((call) => call.body);
/** The «Личные данные» form (the password card has a «Текущий пароль» field of its own). */
const personal = () => {
  const form = document.querySelector("form#personal-data");
  if (!(form instanceof HTMLElement)) throw new Error("no personal data form");
  return within(form);
};
const PENDING = /^На новый адрес petr@example\.ru отправлено письмо со ссылкой\. Пожалуйста, перейдите по ней/;

/** The form item (label, field, messages) around the field labelled `label`. */
const fieldItem = (label: string) => {
  const item = screen.getByLabelText(label).closest(".ant-form-item");
  if (!(item instanceof HTMLElement)) throw new Error(`no form item for ${label}`);
  return item;
};

const personalFieldItem = (label: string) => {
  const item = personal().getByLabelText(label).closest(".ant-form-item");
  if (!(item instanceof HTMLElement)) throw new Error(`no form item for ${label}`);
  return item;
};

describe("profile tabs (spec §2, §6)", () => {
  it("opens the settings tab by default", async () => {
    serverWithProfile([3]);
    const { router } = renderApp("/userprofile");

    await waitFor(() => expect(router.state.location.pathname).toBe("/userprofile/settings"));
    expect(await tabNames()).toEqual(["Настройки", "Уведомления", "Наборы данных", "Сервисы"]);
    expect(await screen.findByLabelText("Электронная почта")).toBeTruthy();
  });

  it("has no settings for role 6, and sends /userprofile/settings to the notifications", async () => {
    serverWithProfile([6]);
    const { router } = renderApp("/userprofile/settings");

    await waitFor(() => expect(router.state.location.pathname).toBe("/userprofile/notifications"));
    expect(await tabNames()).toEqual(["Уведомления", "Наборы данных", "Сервисы"]);
    expect(screen.queryByLabelText("Электронная почта")).toBeNull();
    expect(await screen.findByText("Новых уведомлений нет")).toBeTruthy();
  });

  it("has no datasets for role 7", async () => {
    serverWithProfile([7]);
    const { router } = renderApp("/userprofile/datasets");

    await waitFor(() => expect(router.state.location.pathname).toBe("/userprofile/settings"));
    expect(await tabNames()).toEqual(["Настройки", "Уведомления", "Сервисы"]);
  });

  it("shows the herd datasets on «Наборы данных»", async () => {
    serverWithProfile([3], { "GET /api/herd/datasets/": { status: 200, body: [] } });
    renderApp("/userprofile/datasets");
    expect(await screen.findByText(/У вас нет баз стада/)).toBeTruthy();
  });

  it("switches tabs by address", async () => {
    serverWithProfile([3]);
    const { router } = renderApp("/userprofile/settings");
    fireEvent.click(await screen.findByRole("tab", { name: "Сервисы" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/userprofile/services"));
  });

  it("lists the user's companies, farms and modules on «Сервисы»", async () => {
    mockSignedIn(userDataFixture({ boards: true, use_bi: false }));
    renderApp("/userprofile/services");

    expect(await screen.findByText("АО Молочный край")).toBeTruthy();
    expect(screen.getByText("Ферма Заречная")).toBeTruthy();
    const modules = screen.getByRole("list", { name: "Модули" });
    expect(within(modules).getByText("Доски задач").parentElement?.textContent).toBe("Доски задачподключён");
    expect(within(modules).getByText("BI-отчёты").parentElement?.textContent).toBe("BI-отчётыне подключён");
  });
});

describe("profile settings", () => {
  it("saves the names without asking for a password", async () => {
    const api = serverWithProfile([3]);
    renderApp("/userprofile/settings");

    fireEvent.change(await screen.findByLabelText("Имя"), { target: { value: "Пётр" } });
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));

    expect(await screen.findByText("Данные профиля сохранены")).toBeTruthy();
    expect(patches(api.calls)).toEqual([{ first_name: "Пётр", last_name: "Петров" }]);
    expect(personal().queryByLabelText("Текущий пароль")).toBeNull();
    expect(emailChanges(api.calls)).toEqual([]);
  });

  it("asks for the current password when the email changes, and sends nothing without it", async () => {
    const api = serverWithProfile([3]);
    renderApp("/userprofile/settings");

    expect(await screen.findByLabelText("Электронная почта")).toBeTruthy();
    expect(personal().queryByLabelText("Текущий пароль")).toBeNull();
    fireEvent.change(screen.getByLabelText("Электронная почта"), { target: { value: "petr@example.ru" } });
    expect(await personal().findByLabelText("Текущий пароль")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));

    expect(await screen.findByText("Введите текущий пароль")).toBeTruthy();
    expect(emailChanges(api.calls)).toEqual([]);
    expect(patches(api.calls)).toEqual([]);
  });

  it("says a letter went to the new address, and keeps showing the current one until the link is followed", async () => {
    const api = serverWithProfile([3]);
    renderApp("/userprofile/settings");

    fireEvent.change(await screen.findByLabelText("Электронная почта"), { target: { value: "petr@example.ru" } });
    fireEvent.change(await personal().findByLabelText("Текущий пароль"), { target: { value: CURRENT_PASSWORD } });
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));

    expect(await screen.findByText(PENDING)).toBeTruthy();
    expect(emailChanges(api.calls)).toEqual([{ email: "petr@example.ru", password: CURRENT_PASSWORD }]);
    expect(patches(api.calls)).toEqual([]);
    await waitFor(() =>
      expect((screen.getByLabelText("Электронная почта") as HTMLInputElement).value).toBe("zootech@example.ru"),
    );
    expect(personal().queryByLabelText("Текущий пароль")).toBeNull();
  });

  it("shows the waiting address when the page opens", async () => {
    serverWithProfile([3], {}, { pending_email: "petr@example.ru" });
    renderApp("/userprofile/settings");

    expect(await screen.findByText(PENDING)).toBeTruthy();
  });

  it("shows a wrong current password under its field, and nothing waits", async () => {
    serverWithProfile([3]);
    renderApp("/userprofile/settings");

    fireEvent.change(await screen.findByLabelText("Электронная почта"), { target: { value: "petr@example.ru" } });
    fireEvent.change(await personal().findByLabelText("Текущий пароль"), { target: { value: "guess" } });
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));

    await waitFor(() =>
      expect(within(personalFieldItem("Текущий пароль")).getByText("Неверный текущий пароль")).toBeTruthy(),
    );
    expect(screen.queryByText(PENDING)).toBeNull();
  });

  it("asks an account without a password (Yandex ID) for no password, and explains a stale sign-in", async () => {
    const stale = {
      status: 403,
      body: {
        code: "fresh_sign_in_required",
        message: "Чтобы сменить адрес, подтвердите, что это вы: выйдите и снова войдите через Яндекс ID.",
      },
    };
    const api = serverWithProfile([3], { "POST /api/users/change_email/": stale }, { has_password: false });
    renderApp("/userprofile/settings");

    fireEvent.change(await screen.findByLabelText("Электронная почта"), { target: { value: "petr@example.ru" } });
    expect(
      await screen.findByText(/^Вы входите через Яндекс ID\. Сменить адрес можно в течение 10 минут/),
    ).toBeTruthy();
    expect(personal().queryByLabelText("Текущий пароль")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));

    expect(await screen.findByText(stale.body.message)).toBeTruthy();
    expect(emailChanges(api.calls)).toEqual([{ email: "petr@example.ru" }]);
  });

  it("shows a taken email (409) under the email field", async () => {
    serverWithProfile([3], { "POST /api/users/change_email/": conflict });
    renderApp("/userprofile/settings");

    fireEvent.change(await screen.findByLabelText("Электронная почта"), { target: { value: "taken@example.ru" } });
    fireEvent.change(await personal().findByLabelText("Текущий пароль"), { target: { value: CURRENT_PASSWORD } });
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));

    await waitFor(() =>
      expect(within(fieldItem("Электронная почта")).getByText("Этот адрес уже зарегистрирован")).toBeTruthy(),
    );
    expect(screen.getByLabelText("Электронная почта").getAttribute("aria-invalid")).toBe("true");
  });

  it("checks the email before sending", async () => {
    const api = serverWithProfile([3]);
    renderApp("/userprofile/settings");

    fireEvent.change(await screen.findByLabelText("Электронная почта"), { target: { value: "не почта" } });
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));

    expect(await screen.findByText("Введите корректный адрес электронной почты")).toBeTruthy();
    expect(patches(api.calls)).toEqual([]);
  });

  it("changes the side menu style at once", async () => {
    const api = serverWithProfile([3]);
    renderApp("/userprofile/settings");

    fireEvent.click(await screen.findByRole("button", { name: "Меню" }));
    const nav = await screen.findByRole("navigation", { name: "Главное меню" });
    // The menu's sections load with the first opening.
    expect(await within(nav).findByRole("button", { name: "Сервисы" })).toBeTruthy();

    fireEvent.click(await screen.findByRole("radio", { name: "Список" }));

    await waitFor(() => expect(within(nav).getByRole("menuitem", { name: "Сервисы" })).toBeTruthy());
    expect(patches(api.calls)).toEqual([{ boards_menu_style: "List_menu" }]);
    expect((screen.getByRole("radio", { name: "Список" }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows the error toast when the menu style cannot be saved", async () => {
    serverWithProfile([3], {
      "PATCH /api/users/user_profile/": { status: 500, body: { code: "internal_error", message: "Ошибка" } },
    });
    renderApp("/userprofile/settings");

    fireEvent.click(await screen.findByRole("radio", { name: "Список" }));
    expect(await screen.findByText("Что-то пошло не так...")).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole("radio", { name: "Карточки" }) as HTMLInputElement).checked).toBe(true),
    );
  });

  it("switches the theme like the navbar toggle", async () => {
    const api = serverWithProfile([3]);
    renderApp("/userprofile/settings");

    fireEvent.click(await screen.findByRole("radio", { name: "Тёмная" }));

    await waitFor(() => expect(document.documentElement.style.colorScheme).toBe("dark"));
    expect(localStorage.getItem("theme")).toBe("black");
    expect(screen.getByRole("switch", { name: "Тёмная тема" }).getAttribute("aria-checked")).toBe("true");
    await waitFor(() => expect(patches(api.calls)).toEqual([{ theme: "black" }]));
  });
});

describe("password change", () => {
  async function fillPassword(old: string | null, next: string, repeat = next) {
    if (old !== null) fireEvent.change(await screen.findByLabelText("Текущий пароль"), { target: { value: old } });
    fireEvent.change(await screen.findByLabelText("Новый пароль"), { target: { value: next } });
    fireEvent.change(screen.getByLabelText("Повторите новый пароль"), { target: { value: repeat } });
    fireEvent.click(screen.getByRole("button", { name: /^(Сменить|Задать) пароль$/ }));
  }

  it("changes it and says the other sessions are signed out", async () => {
    const api = serverWithProfile([3], {
      "POST /api/users/change_password/": { status: 200, body: { detail: "Пароль изменён." } },
    });
    renderApp("/userprofile/settings");

    await fillPassword("old-password-1", "new-password-1");

    expect(await screen.findByText("Пароль изменён. Другие сеансы завершены.")).toBeTruthy();
    expect(api.calls.find((call) => call.path === "/api/users/change_password/")?.body).toEqual({
      old_password: "old-password-1",
      new_password: "new-password-1",
    });
    await waitFor(() => expect((screen.getByLabelText("Новый пароль") as HTMLInputElement).value).toBe(""));
  });

  it("shows a wrong current password under its field", async () => {
    serverWithProfile([3], { "POST /api/users/change_password/": wrongPassword });
    renderApp("/userprofile/settings");

    await fillPassword("not-my-password", "new-password-1");

    await waitFor(() => expect(within(fieldItem("Текущий пароль")).getByText("Неверный текущий пароль")).toBeTruthy());
    expect(screen.queryByText("Пароль изменён. Другие сеансы завершены.")).toBeNull();
  });

  it("checks the new password and its repetition before sending", async () => {
    const api = serverWithProfile([3]);
    renderApp("/userprofile/settings");

    await fillPassword("old-password-1", "short", "other");

    expect(await screen.findByText("Пароль должен быть не короче 8 символов")).toBeTruthy();
    expect(await screen.findByText("Пароли не совпадают")).toBeTruthy();
    expect(api.calls.some((call) => call.path === "/api/users/change_password/")).toBe(false);
  });

  it("lets an account without a password (Yandex ID) set one without the current password", async () => {
    const api = serverWithProfile(
      [3],
      { "POST /api/users/change_password/": { status: 200, body: { detail: "Пароль изменён." } } },
      { has_password: false },
    );
    renderApp("/userprofile/settings");

    await screen.findByRole("button", { name: "Задать пароль" });
    expect(screen.queryByLabelText("Текущий пароль")).toBeNull();
    await fillPassword(null, "new-password-1");

    expect(await screen.findByText("Пароль изменён. Другие сеансы завершены.")).toBeTruthy();
    expect(api.calls.find((call) => call.path === "/api/users/change_password/")?.body).toEqual({
      new_password: "new-password-1",
    });
    expect(await screen.findByLabelText("Текущий пароль")).toBeTruthy();
  });
});
