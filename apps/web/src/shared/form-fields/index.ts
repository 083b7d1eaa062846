// The feedback form's fields and renderer, shared by the public page and the list form builder.
export {
  FeedbackFormView,
  type FeedbackFormViewProps,
  type FormViewMode,
  formConclusion,
  formHeader,
} from "./FeedbackFormView.tsx";
export { DEFAULT_PLACEHOLDER, FormText, placeholderOf } from "./placeholders.ts";
export { safeLinkUrl, sanitizeRichText } from "./sanitize.ts";
export type { TagOptionsByColumn } from "./use-tag-options.ts";
