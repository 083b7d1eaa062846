import { ERROR_TOAST_MS } from "@nadoy/contract/constants";
import { App } from "antd";
import { useCallback } from "react";
import { TOAST_KEY } from "./use-error-toast.ts";

/** A success toast, as long as the error toast (spec §9: 3 s, one toast at a time). */
export function useSuccessToast(): (text: string) => void {
  const { message } = App.useApp();
  return useCallback(
    (text: string) => {
      void message.success({ content: text, duration: ERROR_TOAST_MS / 1000, key: TOAST_KEY });
    },
    [message],
  );
}
