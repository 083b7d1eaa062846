import { applyRussianValidationMessages } from "@nadoy/contract/locale";
import dayjs from "dayjs";
import "dayjs/locale/ru";

/** Russian everywhere: zod's built-in messages and dayjs (antd's date pickers use it). */
export function setupLocale(): void {
  applyRussianValidationMessages();
  dayjs.locale("ru");
}
