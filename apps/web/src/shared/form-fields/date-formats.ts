/**
 * How a date is typed and shown everywhere in the app (form fields and the lists grid): DD.MM.YYYY
 * first (what pickers show and write), ISO read too (pasted from elsewhere). Values stay YYYY-MM-DD.
 */
export const DATE_INPUT_FORMATS = ["DD.MM.YYYY", "YYYY-MM-DD"];

/** The stored form of a date value (spec §2 "date_picker (format YYYY-MM-DD)"). */
export const DATE_VALUE_FORMAT = "YYYY-MM-DD";
