/** When a JWT access token expires (ms since epoch), read from its `exp` claim; undefined if unreadable. */
export function accessTokenExpiry(token: string): number | undefined {
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replaceAll("-", "+").replaceAll("_", "/"));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === "number" ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
