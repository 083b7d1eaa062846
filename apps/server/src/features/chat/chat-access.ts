import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { canModerateChat } from "@nadoy/contract/roles";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, forbidden } from "../../platform/errors.ts";

// ---- who may do what in a chat (contract chat.ts header, roles.ts) ----

/** A chat the caller is not a member of, or a message in one, is answered exactly like a missing one. */
export const chatNotFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

export const messageDeleted = () => new ApiError(409, ErrorCode.chatMessageDeleted, ErrorText.chatMessageDeleted);

/** Throws 404 unless the chat exists and the caller is one of its members. */
export function assertMember<T>(chat: T | undefined, member: boolean): T {
  if (!chat || !member) throw chatNotFound();
  return chat;
}

/** Edit: the author only. */
export function assertMayEdit(caller: AuthUser, senderId: number | null): void {
  if (senderId !== caller.id) throw forbidden();
}

/** Delete: the author, or a moderator (role 1, superusers). */
export function assertMayDelete(caller: AuthUser, senderId: number | null): void {
  if (senderId === caller.id) return;
  if (!canModerateChat({ groups: caller.groups, is_superuser: caller.isSuperuser })) throw forbidden();
}
