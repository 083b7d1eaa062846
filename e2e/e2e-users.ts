/**
 * Accounts the e2e run adds to the demo data (seed-fixtures.ts writes them before the server
 * starts; the specs sign in with them). Each serves one spec, so that no spec depends on what
 * another one did to a shared demo account. Their password is the demo password.
 */
export const E2E_USERS = {
  /** Role 3, terms accepted, 120 unread notifications. */
  bell: { username: "bell", role: 3, readStatus: true },
  /** Role 3, terms not accepted yet. */
  terms: { username: "terms", role: 3, readStatus: false },
  /** Role 3, has never closed the demo announcement. */
  announce: { username: "announce", role: 3, readStatus: true },
  /**
   * Two role 3 users: A in the browser, B through the API and a socket of the test itself. They
   * share a company of their own (presence is told only within one), which nobody else is in.
   */
  presenceA: { username: "presence_a", role: 3, readStatus: true, company: "Присутствие (e2e)" },
  presenceB: { username: "presence_b", role: 3, readStatus: true, company: "Присутствие (e2e)" },
  /** Role 3 for the profile settings. */
  profile: { username: "profile", role: 3, readStatus: true },
} as const;

export const BELL_NOTIFICATIONS = 120;
