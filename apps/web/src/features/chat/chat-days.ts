import dayjs from "dayjs";

// The day separators of the open chat (only the chat view needs them, not the shell's badge).

/** The separator above a day's first message: «Сегодня», «Вчера», «25 ноября», «25 ноября 2025». */
export function messageDayLabel(iso: string, now: Date = new Date()): string {
  const date = dayjs(iso);
  const today = dayjs(now);
  if (date.isSame(today, "day")) return "Сегодня";
  if (date.isSame(today.subtract(1, "day"), "day")) return "Вчера";
  return date.format(date.isSame(today, "year") ? "D MMMM" : "D MMMM YYYY");
}

/** Whether a message starts a new day in the history (the first one always does). */
export function startsDay(iso: string, previousIso: string | undefined): boolean {
  return previousIso === undefined || !dayjs(iso).isSame(dayjs(previousIso), "day");
}
