import type { FormRule } from "antd";
import type { z } from "zod";

/**
 * An antd form rule that validates with a contract schema, so limits and messages are defined
 * once. An untouched field is checked as an empty string, unless the schema takes no value.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      // An empty field is fine where the schema takes no value (an optional number left blank);
      // else it is read as "" so that a required text says its own «нужно …» message.
      if ((value === undefined || value === null) && schema.safeParse(value).success) return;
      const result = schema.safeParse(value ?? "");
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}
