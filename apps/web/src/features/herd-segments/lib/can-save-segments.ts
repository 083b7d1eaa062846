import { Role, roleOf } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";

/**
 * Who may save segments (contract herd-segments.ts): everyone but viewers (6) and clients (7), who
 * only read — the server answers them 403.
 */
export function canSaveSegments(user: Pick<UserData, "groups" | "is_superuser">): boolean {
  if (user.is_superuser) return true;
  const role = roleOf(user.groups);
  return role !== Role.viewer && role !== Role.client;
}
