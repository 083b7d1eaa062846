import type { Theme } from "@nadoy/contract/constants";
import { setTheme } from "../lib/theme.ts";
import { useFailureToast } from "./use-error-toast.ts";
import { useTheme } from "./use-theme.ts";
import { usePatchUserProfile } from "./use-user-profile.ts";

/**
 * Spec §4 theme switch (the navbar toggle and the profile settings): the page and browser storage
 * change at once, then the server is told (PATCH users/user_profile/ {theme}); a failed save shows
 * the error toast (spec §8) and keeps the chosen theme on this browser.
 */
export function useThemeToggle() {
  const theme = useTheme();
  const showFailure = useFailureToast();
  const save = usePatchUserProfile();

  const choose = (next: Theme) => {
    setTheme(next);
    save.mutate({ theme: next }, { onError: showFailure });
  };

  return {
    theme,
    choose,
    toggle: () => choose(theme === "black" ? "default" : "black"),
  };
}
