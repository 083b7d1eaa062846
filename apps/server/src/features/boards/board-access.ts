import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { canEditBoardTasks, canManageBoards } from "@nadoy/contract/roles";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, forbidden } from "../../platform/errors.ts";

// ---- who may do what on task boards (contract boards.ts header, roles.ts) ----

export const boardNotFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

/** What the rules need to know about a workspace, board, group, task or comment. */
export interface CompanyFacts {
  /** The caller is a member of the company it belongs to. */
  member: boolean;
}

const asSubject = (caller: AuthUser) => ({ groups: caller.groups, is_superuser: caller.isSuperuser });

/**
 * Another company's entity is answered exactly like a missing one (superusers see every company's);
 * so is everything when an admin switched the caller's boards off.
 */
export function canSee(caller: AuthUser, facts: CompanyFacts): boolean {
  return caller.isSuperuser || (facts.member && caller.modules.boards);
}

/** Tasks: create, edit, move, delete, comment. Everyone but viewers (and users without a role). */
export function mayEditTasks(caller: AuthUser): boolean {
  return canEditBoardTasks(asSubject(caller));
}

/** Workspaces, boards, groups and projects: roles 1–5 and superusers. */
export function mayManage(caller: AuthUser): boolean {
  return canManageBoards(asSubject(caller));
}

/** Throws 404 for what the caller cannot see (or what is missing). */
export function assertVisible<T extends CompanyFacts>(caller: AuthUser, facts: T | undefined): T {
  if (!facts || !canSee(caller, facts)) throw boardNotFound();
  return facts;
}

export function assertMayEditTasks(caller: AuthUser): void {
  if (!mayEditTasks(caller)) throw forbidden();
}

export function assertMayManage(caller: AuthUser): void {
  if (!mayManage(caller)) throw forbidden();
}

/** A comment may be deleted by its author, or by whoever manages boards. */
export function assertMayDeleteComment(caller: AuthUser, authorId: number | null): void {
  if (authorId !== caller.id && !mayManage(caller)) throw forbidden();
}
