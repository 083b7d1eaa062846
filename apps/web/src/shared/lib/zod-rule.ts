import type { FormRule } from "antd";
import type { z } from "zod";

/**
 * An antd form rule that validates with a contract schema, so limits and messages are defined
 * once. An untouched field is checked as an empty string.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? "");
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}
