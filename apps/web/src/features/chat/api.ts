import { chatContacts, searchChat } from "@nadoy/contract/chat";
import { useQuery } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";

// Reads that are not part of the chat state (chat-store.ts keeps the list and the histories).

export function useChatContacts(enabled: boolean) {
  return useQuery({
    queryKey: ["chat", "contacts"],
    queryFn: () => callApi(chatContacts),
    enabled,
  });
}

/** Full-text search in one chat; nothing until there is a query. */
export function useChatSearch(uuid: string, q: string) {
  return useQuery({
    queryKey: ["chat", "search", uuid, q],
    queryFn: () => callApi(searchChat, { params: { uuid }, query: { q } }),
    enabled: q.trim().length > 0,
    staleTime: 0,
  });
}
