import { useCallback } from "react";
import { useErrorToast } from "../../../shared/hooks/use-error-toast.ts";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";

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
