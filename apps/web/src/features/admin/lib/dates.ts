import dayjs from "dayjs";

/** A last login in the users' table: 05.03.2026 14:30. */
export const dateTime = (iso: string) => dayjs(iso).format("DD.MM.YYYY HH:mm");

/** An audit entry's moment, to the second: 05.03.2026 14:30:05. */
export const dateTimeSeconds = (iso: string) => dayjs(iso).format("DD.MM.YYYY HH:mm:ss");
