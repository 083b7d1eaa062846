import { type ChangePasswordBody, changePasswordRoute, type UserProfileSettings } from "@nadoy/contract/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userProfileQueryKey } from "../../shared/hooks/use-user-profile.ts";
import { callApi } from "../../shared/lib/api-client.ts";

/**
 * POST users/change_password/. A wrong or missing current password answers 400 with
 * fields.old_password; success ends every other session of the user. An account that had no
 * password (Yandex ID) has one from now on.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => callApi(changePasswordRoute, { body }),
    onSuccess: () => {
      queryClient.setQueryData<UserProfileSettings>(userProfileQueryKey, (profile) =>
        profile ? { ...profile, has_password: true } : profile,
      );
    },
  });
}
