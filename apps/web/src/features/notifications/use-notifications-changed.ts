import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribeToMainMessages } from "../../shared/realtime/main-messages.ts";
import { notificationsQueryKey } from "./api.ts";

/** The longest wait before refetching after NOTIFICATIONS_CHANGED. */
export const NOTIFICATIONS_CHANGED_JITTER_MS = 3_000;

/**
 * NOTIFICATIONS_CHANGED on the main socket (an editor's send): refetch the notifications now
 * rather than at the next poll — but each tab after its own random 0–3 s, so that a send to
 * thousands of connected users does not make them all ask in the same instant. Messages that
 * arrive while a refetch is waiting share it.
 */
export function useRefetchOnNotificationsChanged() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeToMainMessages((message) => {
      if (message.msg_type !== "NOTIFICATIONS_CHANGED" || timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      }, Math.random() * NOTIFICATIONS_CHANGED_JITTER_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
