import { Role, roleOf } from "@nadoy/contract/roles";

/**
 * Who may upload herd files into a herd database they see (contract herd.ts): everyone but viewers
 * (role 6) and clients (role 7), who only read. Shared by the herd feature (datasets' can_upload,
 * the upload routes) and users/data (database_upload_statistic).
 */
export function canUploadHerd(caller: { isSuperuser: boolean; groups: readonly number[] }): boolean {
  if (caller.isSuperuser) return true;
  const role = roleOf(caller.groups);
  return role !== Role.viewer && role !== Role.client;
}
