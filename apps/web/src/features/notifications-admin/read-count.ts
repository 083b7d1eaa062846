import dayjs from "dayjs";

/** «прочитали 3 из 10». */
export function readCountText(read: number, recipients: number): string {
  return `прочитали ${read} из ${recipients}`;
}

/** Whole percent read, 0 for a send that reached nobody. */
export function readPercent(read: number, recipients: number): number {
  return recipients > 0 ? Math.round((read / recipients) * 100) : 0;
}

/** dd.MM.yyyy HH:mm in the browser's time zone. */
export function formatSentAt(iso: string): string {
  return dayjs(iso).format("DD.MM.YYYY HH:mm");
}
