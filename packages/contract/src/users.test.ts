import { describe, expect, it } from "vitest";
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  usernameSchema,
  userProfilePatchSchema,
} from "./users.ts";

describe("user schemas", () => {
  it("accepts Cyrillic usernames and trims them", () => {
    expect(usernameSchema.parse("  зоотехник_1 ")).toBe("зоотехник_1");
  });
  it("refuses spaces and over-long usernames", () => {
    expect(usernameSchema.safeParse("two words").success).toBe(false);
    expect(usernameSchema.safeParse("a".repeat(151)).success).toBe(false);
  });
  it("refuses unknown fields in a login", () => {
    expect(loginBodySchema.safeParse({ username: "a", password: "b", admin: true }).success).toBe(false);
  });
  it("requires an 8-character password and a valid email to register", () => {
    const base = { username: "ivan", email: "ivan@example.ru", password: "long-enough" };
    expect(registerBodySchema.parse(base)).toMatchObject({ first_name: "", last_name: "" });
    expect(registerBodySchema.safeParse({ ...base, password: "short" }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...base, email: "not-an-email" }).success).toBe(false);
  });
  it("refuses an empty profile patch and unknown themes", () => {
    expect(userProfilePatchSchema.safeParse({}).success).toBe(false);
    expect(userProfilePatchSchema.safeParse({ theme: "pink" }).success).toBe(false);
    expect(userProfilePatchSchema.parse({ theme: "black" })).toEqual({ theme: "black" });
  });
  it("takes the settings fields with the registration rules, and known menu styles only", () => {
    expect(userProfilePatchSchema.parse({ first_name: " Пётр ", boards_menu_style: "List_menu" })).toEqual({
      first_name: "Пётр",
      boards_menu_style: "List_menu",
    });
    // The email changes only through change_email (password, then the mailed link).
    expect(userProfilePatchSchema.safeParse({ email: "p@example.com" }).success).toBe(false);
    expect(userProfilePatchSchema.safeParse({ boards_menu_style: "Tiles" }).success).toBe(false);
    expect(userProfilePatchSchema.safeParse({ last_name: "я".repeat(151) }).success).toBe(false);
    expect(userProfilePatchSchema.safeParse({ username: "boss" }).success).toBe(false);
  });
  it("takes a valid new email with an optional current password to change the email", () => {
    expect(changeEmailBodySchema.parse({ email: " P@Example.com ", password: "x" })).toEqual({
      email: "P@Example.com",
      password: "x",
    });
    expect(changeEmailBodySchema.safeParse({ email: "p@example.com" }).success).toBe(true);
    expect(changeEmailBodySchema.safeParse({ email: "nope", password: "x" }).success).toBe(false);
    expect(changeEmailBodySchema.safeParse({ email: "p@example.com", extra: 1 }).success).toBe(false);
  });
  it("needs a valid new password to change it; the current one may be left out", () => {
    expect(changePasswordBodySchema.safeParse({ new_password: "long-enough" }).success).toBe(true);
    expect(changePasswordBodySchema.safeParse({ old_password: "x", new_password: "short" }).success).toBe(false);
    expect(
      changePasswordBodySchema.safeParse({ old_password: "x", new_password: "long-enough", extra: 1 }).success,
    ).toBe(false);
  });
});
