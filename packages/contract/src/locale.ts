import { z } from "zod";
import { russianIssueMessage } from "./validation-messages.ts";

/**
 * Every zod message in Russian written for people (validation-messages.ts), for fields whose
 * schema gives no message of its own; zod's Russian locale stays underneath as a last resort.
 */
export function applyRussianValidationMessages(): void {
  z.config({ ...z.locales.ru(), customError: russianIssueMessage });
}
