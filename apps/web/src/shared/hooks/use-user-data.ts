import { userDataRoute } from "@nadoy/contract/users";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { callApi } from "../lib/api-client.ts";
import { isApiRequestError } from "../lib/api-error.ts";
import { saveUser } from "../lib/browser-storage.ts";
import { setTheme } from "../lib/theme.ts";
import { useErrorToast } from "./use-error-toast.ts";

export const userDataQueryKey = ["users", "data"] as const;

export function fetchUserData() {
  return callApi(userDataRoute);
}

/**
 * GET /api/users/data/ (spec §3). Keeps username and user_id in storage, lets the server's theme
 * override the local one (spec §4) and shows the error toast when it fails (spec §8). A 401 shows
 * nothing: the token flow is already reloading the page or leaving for /login.
 */
export function useUserData() {
  const query = useQuery({ queryKey: userDataQueryKey, queryFn: fetchUserData });
  const showErrorToast = useErrorToast();
  const { data, error } = query;

  useEffect(() => {
    if (!data) return;
    saveUser({ username: data.username, userId: data.id });
    setTheme(data.theme);
  }, [data]);

  useEffect(() => {
    if (error && !(isApiRequestError(error) && error.status === 401)) showErrorToast();
  }, [error, showErrorToast]);

  return query;
}
