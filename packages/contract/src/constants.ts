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

/**
 * Sign-in guesses at one account, from any addresses: after this many failures within
 * ACCOUNT_LOGIN_WINDOW_MINUTES, each further attempt must wait for the one before it — 1 s, then
 * 2 s, 4 s … up to ACCOUNT_LOGIN_DELAY_MAX_SECONDS (429 with Retry-After meanwhile). A browser
 * that has signed into the account before is never slowed: nobody can lock an owner out.
 */
export const ACCOUNT_LOGIN_FREE_FAILURES = 5;
export const ACCOUNT_LOGIN_WINDOW_MINUTES = 15;
export const ACCOUNT_LOGIN_DELAY_MAX_SECONDS = 60;

/**
 * Token refreshes per client address within a minute before 429. A browser refreshes about once
 * per access token (ACCESS_TOKEN_TTL_SECONDS, 15 min by default) and open tab, so even an office
 * behind one address stays far below; a script trying tokens does not.
 */
export const REFRESHES_PER_MINUTE = 60;

/** Field limits shared by forms and the API. */
export const USERNAME_MAX = 150;
export const NAME_MAX = 150;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const TOKEN_MAX = 512;

/** Product name, shown in the navbar, the About dialog and the footer when the user has no company. */
export const PRODUCT_NAME = "Надой";

/** First year of the copyright line in the About dialog («© 2020–<current year>»). */
export const COPYRIGHT_START_YEAR = 2020;

/** Boards menu styles a user may choose in the profile settings; the default is DEFAULT_MENU_STYLE. */
export const MENU_STYLES = ["Card_menu", "List_menu"] as const;
export type MenuStyle = (typeof MENU_STYLES)[number];

/** A notification poll answers at most this many (the newest); the bell shows 99+ long before. */
export const NOTIFICATIONS_LIST_MAX = 500;
/** At most this many notification pks in one dismiss call ("clear all" sends every pk it shows). */
export const NOTIFICATIONS_DISMISS_MAX = 1000;
export const NOTIFICATION_TITLE_MAX = 255;
export const NOTIFICATION_LINK_MAX = 2048;
/** Announcement text, and the copy of it a user stores as last read. */
export const ANNOUNCEMENT_MAX = 10_000;

/** Page hits: the longest path stored, and hits a user may send per minute (more answer 429). */
export const PAGE_HIT_PATH_MAX = 2048;
export const PAGE_HITS_PER_MINUTE = 120;

/** Password change attempts per user per minute (a wrong current password counts too). */
export const PASSWORD_CHANGES_PER_MINUTE = 10;

/**
 * An account without a password (Yandex ID only) proves it is its owner who changes the email by
 * a Yandex sign-in at most this many minutes old (the session's start).
 */
export const FRESH_SIGN_IN_MINUTES = 10;

/** File imports (lists, herd files ...) a user may start per minute, per import route (more answer 429). */
export const IMPORTS_PER_MINUTE = 10;
