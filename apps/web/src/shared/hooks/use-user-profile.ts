import {
  type UserData,
  type UserProfilePatch,
  type UserProfileSettings,
  userProfilePatchRoute,
  userProfileRoute,
} from "@nadoy/contract/users";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../lib/api-client.ts";
import { userDataQueryKey } from "./use-user-data.ts";

export const userProfileQueryKey = ["users", "user_profile"] as const;

/** GET /api/users/user_profile/: the profile, the settings form's values, last_read_announcement. */
export function useUserProfile(enabled = true) {
  return useQuery({ queryKey: userProfileQueryKey, queryFn: () => callApi(userProfileRoute), enabled });
}

/**
 * PATCH /api/users/user_profile/ (theme, terms, announcement, menu style, names). The answer
 * is the whole profile: it replaces the cached profile, and the fields users/data shares with it
 * are copied there, so that the shell (terms dialog, side menu style, names) follows at once.
 */
export function usePatchUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UserProfilePatch) => callApi(userProfilePatchRoute, { body: patch }),
    onSuccess: (profile: UserProfileSettings) => {
      queryClient.setQueryData(userProfileQueryKey, profile);
      queryClient.setQueryData<UserData>(
        userDataQueryKey,
        (data) =>
          data && {
            ...data,
            first_name: profile.first_name,
            last_name: profile.last_name,
            theme: profile.theme,
            read_status: profile.read_status,
            boards_menu_style: profile.boards_menu_style,
          },
      );
    },
  });
}
