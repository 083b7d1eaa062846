import { displayName } from "@nadoy/contract/users";
import type { PersonRow } from "./usage.repository.ts";

/** Who a hit's user was: «Имя Фамилия» (or the username); null once the user is deleted. */
export function personOf(row: PersonRow): { id: number; name: string; username: string } | null {
  if (row.userId === null || row.username === null) return null;
  return {
    id: row.userId,
    username: row.username,
    name: displayName({ username: row.username, first_name: row.firstName ?? "", last_name: row.lastName ?? "" }),
  };
}

/** How the file names a deleted user's hits. */
export const DELETED_USER = "Удалённый пользователь";
