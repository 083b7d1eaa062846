import {
  changeEmailConfirmRoute,
  type LoginBody,
  loginRoute,
  logoutRoute,
  passwordResetConfirmRoute,
  passwordResetRequestRoute,
  type RegisterBody,
  registerRoute,
  registrationConfirmRoute,
  tokenConfirmRoute,
  verifyTokenRoute,
  yandexAuthorizeRoute,
  yandexTokenRoute,
} from "@nadoy/contract/users";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchUserData, userDataQueryKey } from "../../shared/hooks/use-user-data.ts";
import { userProfileQueryKey } from "../../shared/hooks/use-user-profile.ts";
import { callApi } from "../../shared/lib/api-client.ts";
import { browserLocation } from "../../shared/lib/browser-location.ts";
import { readRefreshToken, saveTokens, saveUser } from "../../shared/lib/browser-storage.ts";
import { signOutLocally } from "../../shared/lib/sign-out.ts";
import { currentTheme, setTheme } from "../../shared/lib/theme.ts";
import { saveYandexState } from "./yandex-state.ts";

export const authKeys = {
  verify: ["users", "verify_token"] as const,
};

/** Spec §4 app start: checks the stored access token; a 401 runs the token flow. */
export function useVerifySession(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.verify,
    queryFn: async () => {
      const answer = await callApi(verifyTokenRoute);
      saveUser({ userId: answer.user_id });
      return answer;
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Sign-in with username and password; stores the five keys of spec §3. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const pair = await callApi(loginRoute, { body });
      queryClient.removeQueries();
      saveTokens(pair);
      saveUser({ username: body.username.trim() });
      setTheme(currentTheme());
      try {
        const { user_id } = await callApi(verifyTokenRoute);
        saveUser({ userId: user_id });
        queryClient.setQueryData(authKeys.verify, { user_id });
      } catch {
        // Signed in all the same: the start page verifies the token again.
      }
    },
  });
}

/** Starts a Yandex ID sign-in: remembers `state` (and the page to return to) for this tab and leaves for Yandex. */
export function useYandexAuthorize(next: string | null = null) {
  return useMutation({
    mutationFn: async () => {
      const { url, state } = await callApi(yandexAuthorizeRoute);
      saveYandexState(state, next);
      browserLocation.assign(url);
    },
  });
}

/** Back from Yandex: trades the code for our tokens, then loads the user for username and id. */
export function useYandexSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { code: string; state: string }) => {
      const pair = await callApi(yandexTokenRoute, { body });
      queryClient.removeQueries();
      saveTokens(pair);
      const user = await fetchUserData();
      saveUser({ username: user.username, userId: user.id });
      setTheme(user.theme);
      queryClient.setQueryData(userDataQueryKey, user);
      queryClient.setQueryData(authKeys.verify, { user_id: user.id });
    },
  });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterBody) => callApi(registerRoute, { body }) });
}

export function useRegistrationConfirm() {
  return useMutation({ mutationFn: (token: string) => callApi(registrationConfirmRoute, { body: { token } }) });
}

/**
 * Follows the link mailed to a new address (POST users/change_email/confirm/). Public: it may be
 * opened in another browser. Where the user is signed in, the cached profile is refetched.
 */
export function useEmailChangeConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(changeEmailConfirmRoute, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userProfileQueryKey }),
  });
}

export function usePasswordResetRequest() {
  return useMutation({ mutationFn: (email: string) => callApi(passwordResetRequestRoute, { body: { email } }) });
}

export function useTokenConfirm() {
  return useMutation({ mutationFn: (token: string) => callApi(tokenConfirmRoute, { body: { token } }) });
}

export function usePasswordResetConfirm() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => callApi(passwordResetConfirmRoute, { body }),
  });
}

/**
 * Spec §4 logout: only a 205 clears the local database and storage and goes to /login; any other
 * answer leaves everything as it was (spec §8).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await callApi(logoutRoute, { body: { refresh: readRefreshToken() ?? "" } });
      await signOutLocally(queryClient);
    },
  });
}
