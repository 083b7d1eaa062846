import { PRODUCT_NAME } from "@nadoy/contract/constants";
import { useEffect } from "react";
import { FeedbackFormView, formHeader } from "../../shared/form-fields/FeedbackFormView.tsx";
import { useTheme } from "../../shared/hooks/use-theme.ts";
import { formOutbox } from "./outbox.ts";
import { useFormElements } from "./use-form-elements.ts";

export const FeedbackFormText = {
  loading: "Загрузка формы…",
  missing: "Форма не найдена или снята с публикации.",
  failed: "Не удалось загрузить форму. Проверьте подключение и обновите страницу.",
} as const;

/**
 * The public feedback form /form/:uuid (spec §2, §4): loads the elements, shows the form, and on a
 * valid Send puts the submission in the outbox (which sends it and, if it has to, sends it again
 * later) and shows the conclusion at once. Submissions left from earlier visits go out on load.
 */
export function FeedbackFormPage({ uuid }: { uuid: string }) {
  const state = useFormElements(uuid);
  const dark = useTheme() === "black";

  useEffect(() => formOutbox().start(), []);

  const header = state.status === "ready" ? formHeader(state.elements) : null;
  useEffect(() => {
    if (header) document.title = `${header} — ${PRODUCT_NAME}`;
  }, [header]);

  if (state.status === "ready") {
    return (
      <FeedbackFormView
        elements={state.elements}
        mode="public"
        onSubmit={(form_data) => void formOutbox().submit({ uuid_link: uuid, form_data })}
      />
    );
  }
  const text = state.status === "loading" ? FeedbackFormText.loading : FeedbackFormText[state.status];
  return (
    <div className={`nf-form${dark ? " nf-dark" : ""}`} role={state.status === "loading" ? "status" : "alert"}>
      <p>{text}</p>
    </div>
  );
}
