import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../../shared/lib/api-error.ts";
import { optionalLinkSchema, sentText, withFormFieldNames } from "./send-form.ts";

describe("send form helpers", () => {
  it("puts the server's audience messages under the audience part of the form", () => {
    const error = new ApiRequestError({
      status: 400,
      code: "validation_error",
      message: "Проверьте введённые данные",
      fields: {
        title: "Слишком длинно",
        "audience.user_ids": "Слишком много пользователей",
        "audience.company_uuids.0": "Неверный идентификатор",
      },
    });
    expect((withFormFieldNames(error) as ApiRequestError).fields).toEqual({
      title: "Слишком длинно",
      users: "Слишком много пользователей",
      kind: "Неверный идентификатор",
    });
  });

  it("counts recipients in Russian", () => {
    expect([1, 2, 5, 21, 11].map(sentText)).toEqual([
      "Отправлено: 1 получателю",
      "Отправлено: 2 получателям",
      "Отправлено: 5 получателям",
      "Отправлено: 21 получателю",
      "Отправлено: 11 получателям",
    ]);
  });

  it("takes an empty link as none and checks the rest with the contract's rule", () => {
    expect(optionalLinkSchema.safeParse("  ").success).toBe(true);
    expect(optionalLinkSchema.safeParse("/news/5").success).toBe(true);
    expect(optionalLinkSchema.safeParse("http://lab.example.ru").success).toBe(true);
    expect(optionalLinkSchema.safeParse("ftp://lab.example.ru").success).toBe(false);
  });
});
