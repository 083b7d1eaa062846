import { type ReactNode, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useAccessToken } from "../../../shared/hooks/use-access-token.ts";
import { isApiRequestError } from "../../../shared/lib/api-error.ts";
import { loginHref } from "../../../shared/lib/sign-in-return.ts";
import { startTokenRenewal } from "../../../shared/lib/token-renewal.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useVerifySession } from "../api.ts";

/**
 * Pages for signed-in users (its children, else the matched route): without an access token go to
 * /login, which returns here after signing in (a deep link survives the sign-in); with one, verify
 * it first (spec §4). While a 401 runs the token flow the spinner stays: the page is about to change. While it is shown, the access token is renewed in the background
 * before it expires, so the page is not reloaded under the user's hands.
 */
export function RequireSession({ children }: { children?: ReactNode }) {
  const access = useAccessToken();
  const { pathname, search, hash } = useLocation();
  const verify = useVerifySession(access !== null);
  const signedIn = access !== null;
  useEffect(() => (signedIn ? startTokenRenewal() : undefined), [signedIn]);
  if (access === null) return <Navigate to={loginHref(`${pathname}${search}${hash}`)} replace />;
  const signingOut = verify.isError && isApiRequestError(verify.error) && verify.error.status === 401;
  if (verify.isPending || signingOut) return <PageSpinner fullHeight />;
  return children ?? <Outlet />;
}
