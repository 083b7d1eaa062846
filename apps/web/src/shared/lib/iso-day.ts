import type { Dayjs } from "dayjs";

/** A day as the API takes it and the URL keeps it: 2026-11-28. */
export const isoDay = (day: Dayjs): string => day.format("YYYY-MM-DD");
