import dayjs from "dayjs";

/** A publish date as readers see it: 05.03.2026. */
export const newsDate = (iso: string) => dayjs(iso).format("DD.MM.YYYY");

/** A moment in the editors' table: 05.03.2026 14:30. */
export const newsDateTime = (iso: string) => dayjs(iso).format("DD.MM.YYYY HH:mm");
