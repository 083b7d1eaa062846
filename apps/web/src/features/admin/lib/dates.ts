import dayjs from "dayjs";

/** A moment in the browser's local time: a last login, an audit entry — 05.03.2026 14:30. */
export const dateTime = (iso: string) => dayjs(iso).format("DD.MM.YYYY HH:mm");
