import { type FormElement, formDataRoute } from "@nadoy/contract/table-lists";
import { useEffect, useState } from "react";
import { isApiRequestError } from "../../shared/lib/api-error.ts";
import { sendRequest } from "../../shared/lib/api-request.ts";

export type FormElementsState =
  | { status: "loading" }
  | { status: "ready"; elements: FormElement[] }
  | { status: "missing" }
  | { status: "failed" };

/**
 * GET tableLists/form_data/?uuid_link= (spec §7, public): the published form's elements, ordered
 * by `order`. 404 (unknown or unpublished link, or not a uuid at all) is "missing".
 */
export function useFormElements(uuid: string): FormElementsState {
  const [state, setState] = useState<FormElementsState>({ status: "loading" });
  useEffect(() => {
    let cancelled = false;
    setState({ status: "loading" });
    sendRequest(formDataRoute, { query: { uuid_link: uuid } }, null).then(
      (elements) => {
        if (!cancelled) setState({ status: "ready", elements: [...elements].sort((a, b) => a.order - b.order) });
      },
      (error: unknown) => {
        if (cancelled) return;
        const missing = isApiRequestError(error) && (error.status === 404 || error.status === 400);
        setState({ status: missing ? "missing" : "failed" });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [uuid]);
  return state;
}
