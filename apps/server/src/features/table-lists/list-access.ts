import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { ListKind } from "@nadoy/contract/lists";
import { canEditListRows, canManageLists, isClient } from "@nadoy/contract/roles";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, forbidden } from "../../platform/errors.ts";

// ---- who may do what with a list (contract lists.ts header, roles.ts) ----

export const listNotFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

/** What the rules need to know about a list and the caller's tie to its company. */
export interface ListAccessFacts {
  kind: ListKind;
  /** The caller is a member of the list's company. */
  member: boolean;
}

const asSubject = (caller: AuthUser) => ({ groups: caller.groups, is_superuser: caller.isSuperuser });

/**
 * A list the caller may not see is answered exactly like a missing one (404): another company's
 * list (superusers see all), and any table for a client.
 */
export function canSeeList(caller: AuthUser, list: ListAccessFacts): boolean {
  if (caller.isSuperuser) return true;
  if (!list.member || !moduleOn(caller, list.kind)) return false;
  return !(list.kind === "table" && isClient({ groups: caller.groups }));
}

/** An admin may switch a user's lists or tables off (users.table_lists_enabled / tables_enabled). */
export function moduleOn(caller: AuthUser, kind: ListKind): boolean {
  return caller.isSuperuser || (kind === "table" ? caller.modules.tables : caller.modules.tableLists);
}

/** Rows: add, edit, move, delete, import. Everyone but viewers (and users without a role). */
export function mayEditRows(caller: AuthUser): boolean {
  return canEditListRows(asSubject(caller));
}

/** Schema: rename, columns, form, publish, delete the list. */
export function mayManage(caller: AuthUser): boolean {
  return canManageLists(asSubject(caller));
}

/** Throws 404 for a list the caller cannot see. */
export function assertVisible<T extends ListAccessFacts>(caller: AuthUser, list: T | undefined): T {
  if (!list || !canSeeList(caller, list)) throw listNotFound();
  return list;
}

export function assertMayEditRows(caller: AuthUser): void {
  if (!mayEditRows(caller)) throw forbidden();
}

export function assertMayManage(caller: AuthUser): void {
  if (!mayManage(caller)) throw forbidden();
}
