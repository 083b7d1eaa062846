import { ERROR_TOAST_MS, SOMETHING_WENT_WRONG } from "@nadoy/contract/constants";
import { App } from "antd";
import { useCallback } from "react";

const TOAST_KEY = "error-toast";

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
