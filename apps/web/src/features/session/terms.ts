/** The terms dialog's title (spec §5), shared by the dialog and what stands in for it while it loads. */
export const TERMS_DIALOG_TITLE = "Условия использования";
