import { INITIALS_AVATAR_SIZE } from "@nadoy/contract/constants";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { avatarColor } from "../../shared/lib/initials-avatar.ts";
import { userDataFixture } from "../../test/fixtures.ts";
import { UserAvatar } from "./UserAvatar.tsx";

const user = (groups: number[], overrides = {}) => userDataFixture({ groups, ...overrides });

/** The antd icon inside the avatar, by its name (crown, edit …). */
const iconName = (element: HTMLElement) => element.querySelector(".anticon")?.getAttribute("aria-label");

describe("avatar by role (spec §6, §9)", () => {
  it.each([
    [1, "Администратор", "crown"],
    [2, "Редактор контента", "edit"],
    [3, "Зоотехник", "experiment"],
    [4, "Агроном", "environment"],
    [5, "Управляющий фермой", "home"],
    [6, "Наблюдатель", "eye"],
  ])("role %i has its own icon", (role, label, icon) => {
    render(<UserAvatar user={user([role, 1])} />);
    const avatar = screen.getByRole("img", { name: label });
    expect(iconName(avatar)).toBe(icon);
  });

  it("gives six different icons to roles 1–6 and another one to a user without a role", () => {
    const icons = [1, 2, 3, 4, 5, 6, undefined].map((role) => {
      const view = render(<UserAvatar user={user(role === undefined ? [] : [role])} />);
      const name = iconName(view.container);
      view.unmount();
      return name;
    });
    expect(new Set(icons).size).toBe(7);
  });

  it("has an icon for a user without a role, and for a role id the app does not know", () => {
    const none = render(<UserAvatar user={user([])} />);
    expect(iconName(screen.getByRole("img", { name: "Роль не назначена" }))).toBe("question");
    none.unmount();

    render(<UserAvatar user={user([9])} />);
    expect(iconName(screen.getByRole("img", { name: "Роль не назначена" }))).toBe("question");
  });

  it("gives role 7 the initials avatar: size 43, colour from the name at saturation 30 and lightness 80", () => {
    render(<UserAvatar user={user([7], { first_name: "Пётр", last_name: "Клиентов" })} />);
    const avatar = screen.getByTestId("initials-avatar");

    expect(avatar.textContent).toBe("ПК");
    expect(avatar.style.width).toBe(`${INITIALS_AVATAR_SIZE}px`);
    expect(avatar.style.height).toBe(`${INITIALS_AVATAR_SIZE}px`);
    // jsdom gives colours back as rgb(): compare with the same colour parsed the same way.
    const probe = document.createElement("span");
    probe.style.backgroundColor = avatarColor("Пётр Клиентов");
    expect(avatar.style.backgroundColor).toBe(probe.style.backgroundColor);
    expect(avatarColor("Пётр Клиентов")).toMatch(/^hsl\(\d{1,3}, 30%, 80%\)$/);
  });

  it("colours role 7 by the username when the names are empty", () => {
    render(<UserAvatar user={user([7], { first_name: "", last_name: "", username: "client" })} />);
    const avatar = screen.getByTestId("initials-avatar");
    expect(avatar.textContent).toBe("C");
    const probe = document.createElement("span");
    probe.style.backgroundColor = avatarColor("client");
    expect(avatar.style.backgroundColor).toBe(probe.style.backgroundColor);
  });

  it("shows an uploaded photo instead of the role icon", () => {
    const { container } = render(<UserAvatar user={user([3], { avatar: "/media/avatar.png" })} />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/media/avatar.png");
    expect(screen.queryByRole("img", { name: "Зоотехник" })).toBeNull();
  });
});
