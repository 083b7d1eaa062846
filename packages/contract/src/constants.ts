/** Spec §9 constants, one source for server and web. */
export const NOTIFICATION_POLL_MS = 15_000;
export const ERROR_TOAST_MS = 3_000;
export const IDLE_TIMEOUT_MS = 60_000;
export const BELL_COUNTER_CAP = 99;
export const TAG_LABEL_MAX_WIDTH_PX = 200;
export const BOARD_SIZE_CAPACITY_DEFAULT = 100;
export const DEFAULT_MENU_STYLE = "Card_menu";
export const INITIALS_AVATAR_SIZE = 43;
export const THEMES = ["default", "black"] as const;
export type Theme = (typeof THEMES)[number];

/** Text of the generic error toast (spec §8). */
export const SOMETHING_WENT_WRONG = "Что-то пошло не так...";

/** Login failures per address within a minute before 429. */
export const LOGIN_FAILURES_PER_MINUTE = 10;

/** Field limits shared by forms and the API. */
export const USERNAME_MAX = 150;
export const NAME_MAX = 150;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const TOKEN_MAX = 512;
