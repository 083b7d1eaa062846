import { NOTIFICATION_POLL_MS } from "@nadoy/contract/constants";
import { dismissNotificationsRoute, type Notification, userNotificationsRoute } from "@nadoy/contract/news";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";
import { isUnauthorized } from "../../shared/lib/api-error.ts";

export const notificationsQueryKey = ["news", "user_notifications"] as const;

/**
 * POST news/user_notifications/ {} (spec §7), polled every NOTIFICATION_POLL_MS while the tab is
 * visible. A 401 runs the token flow in callApi, which reloads the page (after a refresh) or signs
 * out — spec §7 "401 reloads the page" — and the poll stops so it does not knock again meanwhile.
 */
export function useNotifications() {
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: () => callApi(userNotificationsRoute, { body: {} }),
    refetchInterval: (query) => (isUnauthorized(query.state.error) ? false : NOTIFICATION_POLL_MS),
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/**
 * PUT news/user_notifications/ [pks] (spec §7): dismiss one, or every shown one («Очистить все»).
 * Only status 205 is a success (callApi rejects anything else); then they leave the list.
 */
export function useDismissNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pks: number[]) => callApi(dismissNotificationsRoute, { body: pks }),
    onSuccess: (_answer, pks) => {
      const gone = new Set(pks);
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) =>
        list?.filter((notification) => !gone.has(notification.pk)),
      );
    },
  });
}
