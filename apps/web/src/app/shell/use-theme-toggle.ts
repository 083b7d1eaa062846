import type { Theme } from "@nadoy/contract/constants";
import { type UserData, userProfilePatchRoute } from "@nadoy/contract/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useErrorToast } from "../../shared/hooks/use-error-toast.ts";
import { useTheme } from "../../shared/hooks/use-theme.ts";
import { userDataQueryKey } from "../../shared/hooks/use-user-data.ts";
import { callApi } from "../../shared/lib/api-client.ts";
import { isApiRequestError } from "../../shared/lib/api-error.ts";
import { setTheme } from "../../shared/lib/theme.ts";

/**
 * Spec §4 theme toggle: the page and browser storage change at once, then the server is told
 * (PATCH users/user_profile/ {theme}); a failed save shows the error toast (spec §8) and keeps the
 * chosen theme on this browser.
 */
export function useThemeToggle() {
  const theme = useTheme();
  const queryClient = useQueryClient();
  const showErrorToast = useErrorToast();
  const save = useMutation({
    mutationFn: (next: Theme) => callApi(userProfilePatchRoute, { body: { theme: next } }),
    onSuccess: (profile) => {
      // The cached user data must not bring the old theme back (useUserData applies the server's).
      queryClient.setQueryData<UserData>(userDataQueryKey, (data) => data && { ...data, theme: profile.theme });
    },
    onError: (error) => {
      if (!(isApiRequestError(error) && error.status === 401)) showErrorToast();
    },
  });

  return {
    theme,
    toggle: () => {
      const next: Theme = theme === "black" ? "default" : "black";
      setTheme(next);
      save.mutate(next);
    },
  };
}
