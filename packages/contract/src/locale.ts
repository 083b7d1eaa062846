import { z } from "zod";

/**
 * Zod's built-in messages in Russian, for fields whose schema gives no message of its own; a
 * missing value reads «Обязательное поле» rather than a type mismatch with `undefined`.
 */
export function applyRussianValidationMessages(): void {
  z.config({
    ...z.locales.ru(),
    customError: (issue) =>
      issue.code === "invalid_type" && issue.input === undefined ? "Обязательное поле" : undefined,
  });
}
