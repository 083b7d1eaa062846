import { usePatchUserProfile } from "../../shared/hooks/use-user-profile.ts";

/**
 * Spec §5 "Terms dialog": ticking the checkbox sends PATCH users/user_profile/ {read_status: true};
 * success (status 200) puts read_status into the cached users/data, which closes the dialog.
 */
export function useAcceptTerms() {
  const patch = usePatchUserProfile();
  return {
    accept: (options: { onError: (error: unknown) => void }) => patch.mutate({ read_status: true }, options),
    isPending: patch.isPending,
  };
}

/**
 * Spec §4 announcement: the closed text is kept on the server too (last_read_announcement), so a
 * closed announcement stays closed on other devices and after a sign-out clears the browser.
 */
export function useSaveReadAnnouncement() {
  const patch = usePatchUserProfile();
  return (text: string) => patch.mutate({ last_read_announcement: text });
}
