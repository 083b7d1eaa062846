import { ERROR_TOAST_MS, SOMETHING_WENT_WRONG } from "@nadoy/contract/constants";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";

/**
 * Spec §8/§9 error toast without antd (the public form's bundle): «Что-то пошло не так...» for
 * 3 seconds, one at a time (a new one replaces the shown one).
 */
export function useLightToast(): { toast: ReactNode; show: (text?: string) => void } {
  const [text, setText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((next: string = SOMETHING_WENT_WRONG) => {
    clearTimeout(timer.current);
    setText(next);
    timer.current = setTimeout(() => setText(null), ERROR_TOAST_MS);
  }, []);

  const toast =
    text === null ? null : (
      <div className="nf-toast" role="alert">
        {text}
      </div>
    );
  return { toast, show };
}
