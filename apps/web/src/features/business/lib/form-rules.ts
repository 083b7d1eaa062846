import { BUSINESS_NAME_MAX } from "@nadoy/contract/business";
import { pluralRu } from "@nadoy/contract/plural";

/** A required text field. */
export const required = (message: string) => ({ required: true, whitespace: true, message });

/** The contract's length limit, said in Russian. */
export const maxLength = (max: number) => ({
  max,
  message: `Не длиннее ${max} ${pluralRu(max, ["символа", "символов", "символов"])}`,
});

/** A company's, farm's or database's name (contract business.ts: 1–255 after trimming). */
export const nameRules = [required("Введите название"), maxLength(BUSINESS_NAME_MAX)];

/** Two id lists hold the same ids (order aside). */
export const sameIds = (a: readonly (number | string)[], b: readonly (number | string)[]) =>
  a.length === b.length && new Set([...a, ...b]).size === a.length;
