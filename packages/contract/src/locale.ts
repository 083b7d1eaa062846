import { z } from "zod";

/** Zod's built-in messages in Russian, for fields whose schema gives no message of its own. */
export function useRussianValidationMessages(): void {
  z.config(z.locales.ru());
}
