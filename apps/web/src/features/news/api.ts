import {
  createNews,
  deleteNews,
  getNews,
  type ManagedNews,
  manageNews,
  manageNewsList,
  type NewsInput,
  publishNews,
  updateNews,
} from "@nadoy/contract/content";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";

// The news routes of contract content.ts: one item for readers, the editors' list and changes.

const newsKey = (id: number) => ["content-news", "item", id] as const;
const managedListKey = ["content-news", "manage"] as const;
const managedKey = (id: number) => ["content-news", "manage", id] as const;

/** GET /api/news/:id/ — a published item in the caller's audience (404 otherwise). */
export function useNewsItem(id: number) {
  return useQuery({
    queryKey: newsKey(id),
    queryFn: () => callApi(getNews, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** GET /api/manage/news/ — every item for editors, newest change first. */
export function useManagedNewsList() {
  return useQuery({ queryKey: managedListKey, queryFn: () => callApi(manageNewsList) });
}

/** GET /api/manage/news/:id/ — one item with its audience, for the edit form. */
export function useManagedNews(id: number) {
  return useQuery({
    queryKey: managedKey(id),
    queryFn: () => callApi(manageNews, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** After any change: the edited item is the answer; lists and the readers' copies are refetched. */
function useStoreManaged() {
  const queryClient = useQueryClient();
  return (item: ManagedNews) => {
    queryClient.setQueryData(managedKey(item.id), item);
    void queryClient.invalidateQueries({ queryKey: managedListKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: newsKey(item.id) });
  };
}

export function useCreateNews() {
  const store = useStoreManaged();
  return useMutation({
    mutationFn: (body: NewsInput) => callApi(createNews, { body }),
    onSuccess: store,
  });
}

export function useUpdateNews() {
  const store = useStoreManaged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<NewsInput> }) =>
      callApi(updateNews, { params: { id }, body }),
    onSuccess: store,
  });
}

/** `publishAt`: null = back to draft; now or past = published; future = scheduled. */
export function usePublishNews() {
  const store = useStoreManaged();
  return useMutation({
    mutationFn: ({ id, publishAt }: { id: number; publishAt: string | null }) =>
      callApi(publishNews, { params: { id }, body: { publish_at: publishAt } }),
    onSuccess: store,
  });
}

export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteNews, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Omit<ManagedNews, "body">[]>(managedListKey, (list) =>
        list?.filter((item) => item.id !== id),
      );
      queryClient.removeQueries({ queryKey: managedKey(id) });
    },
  });
}
