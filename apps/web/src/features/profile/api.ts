import {
  type ChangeEmailBody,
  type ChangePasswordBody,
  changeEmailRoute,
  changePasswordRoute,
  type UserProfileSettings,
} from "@nadoy/contract/users";
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

/**
 * POST users/change_email/: nothing changes until the link mailed to the new address is followed;
 * the profile shows the waiting address (pending_email) meanwhile. A change of letter case only
 * applies at once, so the profile is refetched either way.
 */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => callApi(changeEmailRoute, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData<UserProfileSettings>(userProfileQueryKey, (profile) =>
        profile ? { ...profile, pending_email: answer.pending_email } : profile,
      );
      void queryClient.invalidateQueries({ queryKey: userProfileQueryKey });
    },
  });
}
