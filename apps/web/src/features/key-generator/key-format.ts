import type { ApiKey } from "@nadoy/contract/keys";
import dayjs from "dayjs";

/** A moment as the page shows it: local DD.MM.YYYY HH:mm, «—» for none. */
export function formatMoment(iso: string | null): string {
  return iso ? dayjs(iso).format("DD.MM.YYYY HH:mm") : "—";
}

/** The last use: time and address, or «не использовался». */
export function lastUseText(key: Pick<ApiKey, "last_used_at" | "last_used_ip">): string {
  if (!key.last_used_at) return "не использовался";
  return key.last_used_ip ? `${formatMoment(key.last_used_at)}, ${key.last_used_ip}` : formatMoment(key.last_used_at);
}
