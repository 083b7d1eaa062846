import { useCallback } from "react";
import { errorMessage, isUnauthorized } from "../lib/api-error.ts";
import { useErrorToast } from "./use-error-toast.ts";

/**
 * A failed call as a toast with the server's message (a 409 «the company still has databases»
 * says why); nothing after a 401, where the token flow is already at work.
 */
export function useApiErrorToast(): (error: unknown) => void {
  const show = useErrorToast();
  return useCallback(
    (error: unknown) => {
      if (!isUnauthorized(error)) show(errorMessage(error));
    },
    [show],
  );
}
