import { describe, expect, it } from "vitest";
import { avatarColor, initialsOf } from "./initials-avatar.ts";

describe("initials avatar (spec §9)", () => {
  it("takes the initials of first and last name", () => {
    expect(initialsOf({ first_name: "пётр", last_name: "Клиентов" })).toBe("ПК");
    expect(initialsOf({ first_name: "Анна", last_name: "" })).toBe("А");
    expect(initialsOf({ first_name: "", last_name: "", username: "client" })).toBe("C");
  });

  it("colours by name with saturation 30 and lightness 80, the same name alike", () => {
    expect(avatarColor("Пётр Клиентов")).toMatch(/^hsl\(\d{1,3}, 30%, 80%\)$/);
    expect(avatarColor("Пётр Клиентов")).toBe(avatarColor("Пётр Клиентов"));
    expect(avatarColor("Пётр Клиентов")).not.toBe(avatarColor("Анна Администратова"));
  });
});
