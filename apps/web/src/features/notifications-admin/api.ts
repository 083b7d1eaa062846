import {
  getAnnouncement,
  notificationRecipients,
  type SendNotificationBody,
  sendNotification,
  sentNotifications,
  setAnnouncement,
} from "@nadoy/contract/content";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { userDataQueryKey } from "../../shared/hooks/use-user-data.ts";
import { callApi } from "../../shared/lib/api-client.ts";

const sentQueryKey = ["manage", "notifications"] as const;
const announcementQueryKey = ["manage", "announcement"] as const;

/** GET manage/notifications/: a page of what editors sent, with read counts. */
export function useSentNotifications(page: number) {
  return useQuery({
    queryKey: [...sentQueryKey, page],
    queryFn: () => callApi(sentNotifications, { query: { page } }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** POST manage/notifications/; the sent list is stale afterwards. */
export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendNotificationBody) => callApi(sendNotification, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sentQueryKey }),
  });
}

/**
 * GET manage/recipients/?q=: up to 20 users matching `q`, and every company. While a new search
 * is on its way the previous answer stays, so the picker does not flicker empty.
 */
export function useRecipients(q: string) {
  return useQuery({
    queryKey: ["manage", "recipients", q],
    queryFn: () => callApi(notificationRecipients, { query: { q } }),
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncement() {
  return useQuery({ queryKey: announcementQueryKey, queryFn: () => callApi(getAnnouncement), staleTime: 0 });
}

/**
 * PUT manage/announcement/ ({text: null} clears it). The user data carries the announcement to
 * the bar above the navbar, so it is refetched too: the editor sees at once what users will see.
 */
export function useSetAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string | null) => callApi(setAnnouncement, { body: { text } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(announcementQueryKey, answer);
      return queryClient.invalidateQueries({ queryKey: userDataQueryKey });
    },
  });
}
