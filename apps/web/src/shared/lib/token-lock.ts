/**
 * Every use of the refresh token runs here, one at a time: in this tab (a promise chain) and
 * across tabs (Web Locks, when the browser has them). A refresh token is spent on use, and
 * presenting it twice revokes the whole session, so two refreshes must never overlap.
 */
let tail: Promise<unknown> = Promise.resolve();

export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  const run = () => (locks ? locks.request("nadoy-token-refresh", task) : task());
  const result = tail.then(run, run);
  tail = result.catch(() => undefined);
  return result;
}
