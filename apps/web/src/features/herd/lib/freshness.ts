import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";

// Only the herd pages say how long ago something happened: the plugin comes with their chunk.
dayjs.extend(relativeTime);

/** «обновлено 3 дня назад» for a moment in the past (dayjs's Russian locale is set at start). */
export function updatedAgo(iso: string): string {
  return `обновлено ${dayjs(iso).fromNow()}`;
}

/** A moment as DD.MM.YYYY HH:mm, local time. */
export function formatMoment(iso: string): string {
  return dayjs(iso).format("DD.MM.YYYY HH:mm");
}

/** How long an upload took: «0,8 с», «12 с», «2 мин 5 с». */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 10) return `${seconds.toLocaleString("ru-RU", { maximumFractionDigits: 1 })} с`;
  if (seconds < 60) return `${Math.round(seconds)} с`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} мин ${whole % 60} с`;
}
