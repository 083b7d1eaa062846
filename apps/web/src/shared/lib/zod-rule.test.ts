import { sendNotificationBodySchema } from "@nadoy/contract/content";
import { createKeySchema } from "@nadoy/contract/keys";
import { createListBodySchema } from "@nadoy/contract/lists";
import { emailSchema, personNameSchema } from "@nadoy/contract/users";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { zodRule } from "./zod-rule.ts";

// Issue 16 item 9: what a form says under a field is written for people — never zod's
// «ожидалось, что string будет иметь >=1 символ». (test-setup applies the app's locale as main.tsx does.)

async function messageOf(schema: z.ZodType, value: unknown): Promise<string | undefined> {
  const rule = zodRule(schema) as { validator: (rule: unknown, value: unknown) => Promise<void> };
  try {
    await rule.validator({}, value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("form rules from contract schemas", () => {
  it("says what to do, in Russian, for an empty or too long title, name or text", async () => {
    const { title, msg } = sendNotificationBodySchema.shape;
    expect(await messageOf(title, "")).toBe("Введите заголовок");
    expect(await messageOf(title, "   ")).toBe("Введите заголовок");
    expect(await messageOf(title, "я".repeat(256))).toBe("Не длиннее 255 символов");
    expect(await messageOf(createListBodySchema.shape.name, undefined)).toBe("Введите название");
    expect(await messageOf(msg, "")).toBe("Заполните это поле");
    expect(await messageOf(msg, "я".repeat(2001))).toBe("Не длиннее 2\u00a0000 символов");
    expect(await messageOf(personNameSchema, "я".repeat(151))).toBe("Не более 150 символов");
    expect(await messageOf(emailSchema, "ivan")).toMatch(/адрес электронной почты/);
  });

  it("lets an optional number be left blank, and still checks one that is typed", async () => {
    const interval = createKeySchema.shape.expected_interval_min;
    expect(await messageOf(interval, undefined)).toBeUndefined();
    expect(await messageOf(interval, null)).toBeUndefined();
    expect(await messageOf(interval, 0)).toBeDefined();
    expect(await messageOf(interval, 15)).toBeUndefined();
  });
});
