import { describe, expect, it } from "vitest";
import { appConfigRoute, appConfigSchema } from "./app-config.ts";
import { DEFAULT_MENU_STYLE, MENU_STYLES } from "./constants.ts";

describe("app config", () => {
  it("is public and carries a Metrika id of digits or null", () => {
    expect(appConfigRoute.auth).toBe("public");
    const base = { version: "0.1.0", yandex_login: false };
    expect(appConfigSchema.safeParse({ ...base, yandex_metrika_id: null }).success).toBe(true);
    expect(appConfigSchema.safeParse({ ...base, yandex_metrika_id: "98765432" }).success).toBe(true);
    expect(appConfigSchema.safeParse({ ...base, yandex_metrika_id: "98765<script>" }).success).toBe(false);
  });
});

describe("menu styles", () => {
  it("include the spec §9 default", () => {
    expect(MENU_STYLES).toContain(DEFAULT_MENU_STYLE);
  });
});
