import { ERROR_TOAST_MS, SOMETHING_WENT_WRONG } from "@nadoy/contract/constants";
import { App } from "antd";
import { useCallback } from "react";
import { isUnauthorized } from "../lib/api-error.ts";

/** One key for every toast of the app: a new one replaces the one shown (spec §9, one at a time). */
export const TOAST_KEY = "toast";

/** Spec §8: the «Что-то пошло не так...» toast for 3 seconds, one at a time. */
export function useErrorToast(): (text?: string) => void {
  const { message } = App.useApp();
  return useCallback(
    (text: string = SOMETHING_WENT_WRONG) => {
      void message.error({ content: text, duration: ERROR_TOAST_MS / 1000, key: TOAST_KEY });
    },
    [message],
  );
}

/**
 * The same toast for a failed call (spec §8), except after a 401: the token flow is then already
 * reloading the page or signing out, and a toast would only flash.
 */
export function useFailureToast(): (error: unknown) => void {
  const showErrorToast = useErrorToast();
  return useCallback(
    (error: unknown) => {
      if (!isUnauthorized(error)) showErrorToast();
    },
    [showErrorToast],
  );
}
