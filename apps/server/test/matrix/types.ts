import { CALLER_LABELS, type CallerLabel } from "../callers.ts";
import type { MatrixFixture } from "./fixture.ts";

// ---- the authorization matrix: one row per served route, the status each caller gets ----
//
// Callers: anonymous, one member of company A per role 1–7, a superuser (member of nothing:
// superusers see every company), and "other company": a zootechnician (role 3) of company B. Role 3
// is the role that may do the most in a company short of administering (edit list schemas, manage
// boards, edit tasks), so for per-company data the other-company caller is the one that would be
// allowed if only the role counted; for company-agnostic routes (admin, editors) it is just one
// more non-admin and gets 403. A row that decides differently says so in its `note`.

export type Who = CallerLabel | "other company";
export const WHO: readonly Who[] = [...CALLER_LABELS, "other company"];
export type Expected = Record<Who, number>;

/** What one call sends: path parameters, query, JSON body or raw bytes. */
export interface Send {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  /** JSON body. */
  body?: unknown;
  /** Raw body with its content type (uploads, imports). */
  raw?: { payload: Buffer | string; contentType: string };
}

export interface Row {
  /** "METHOD /path/:param/" exactly as the route table has it. */
  route: string;
  expected: Expected;
  /** What to send as this caller; may create a fresh resource first (deletes). Default: nothing. */
  send?: (fx: MatrixFixture, who: Who) => Send | Promise<Send>;
  /** Replaces the HTTP call (sockets): answers the status (or close code) the caller got. */
  probe?: (fx: MatrixFixture, who: Who) => Promise<number>;
  /** Why the statuses are what they are, where it is not obvious. */
  note?: string;
}

/** A body no route accepts (every body schema refuses unknown fields): passes auth, then 400. */
export const INVALID = { matrix_probe: true } as const;

/** A uuid no entity has. */
export const MISSING_UUID = "00000000-0000-4000-8000-000000000000";

const all = (status: number): Expected => Object.fromEntries(WHO.map((who) => [who, status])) as Expected;

/** Public routes: everyone alike. */
export function everyone(status: number, exceptions: Partial<Expected> = {}): Expected {
  return { ...all(status), ...exceptions };
}

/** Any signed-in user: `status`; anonymous 401. */
export function signedIn(status: number, exceptions: Partial<Expected> = {}): Expected {
  return { ...all(status), anonymous: 401, ...exceptions };
}

/** Only superusers and these roles: `status`; other signed-in callers 403, anonymous 401. */
export function onlyRoles(roles: readonly number[], status: number, exceptions: Partial<Expected> = {}): Expected {
  const result = { ...all(403), anonymous: 401, superuser: status };
  for (const role of roles) result[`role ${role}` as Who] = status;
  if (roles.includes(3)) result["other company"] = status;
  return { ...result, ...exceptions };
}

/** Superusers and role 1 (ADMIN_ROLES). The other-company caller is role 3: 403 like any non-admin. */
export const admins = (status: number, exceptions: Partial<Expected> = {}) => onlyRoles([1], status, exceptions);

/** Superusers and role 2 (CONTENT_ROLES). */
export const editors = (status: number, exceptions: Partial<Expected> = {}) => onlyRoles([2], status, exceptions);

/**
 * Per-company data (lists, boards): the members of company A who pass `roles` get `status`, other
 * members 403; the superuser sees every company; the other company's user gets 404, as if it were missing.
 */
export function members(roles: readonly number[], status: number, exceptions: Partial<Expected> = {}): Expected {
  return onlyRoles(roles, status, { "other company": 404, ...exceptions });
}

export const ALL_ROLES = [1, 2, 3, 4, 5, 6, 7] as const;
/** Lists and tables: schema (rename, columns, form, publish, delete); boards: workspaces, boards, groups, projects. */
export const MANAGERS = [1, 2, 3, 4, 5] as const;
/** List rows, tasks: everyone but viewers. */
export const EDITORS_BUT_VIEWERS = [1, 2, 3, 4, 5, 7] as const;

export { CALLER_LABELS };
