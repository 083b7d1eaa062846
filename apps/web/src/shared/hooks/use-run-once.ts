import { useEffect, useEffectEvent, useRef } from "react";

/**
 * Runs `action` once per mounted page, also under StrictMode's double effects: one-time tokens
 * and logout must not be sent twice.
 */
export function useRunOnce(action: () => void): void {
  const done = useRef(false);
  const run = useEffectEvent(action);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    run();
  }, []);
}
