import { canChangeUser } from "@nadoy/contract/roles";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { AuthUser } from "../auth/guard.ts";
import { forbidden } from "../errors.ts";

// Superusers are changed by superusers only (contract roles.ts canChangeUser), by any route: the
// users route (the superuser's own record and access) and the member lists of companies, farms and
// databases, where adding or removing a superuser changes that superuser too. 403 with the usual
// «Недостаточно прав»; the caller throws inside its transaction, so nothing is written.

/** The ids in one member list and not in the other: who joins or leaves it. */
export function movedIds(before: readonly number[], after: readonly number[]): number[] {
  const [was, now] = [new Set(before), new Set(after)];
  return [...[...was].filter((id) => !now.has(id)), ...[...now].filter((id) => !was.has(id))];
}

/** 403 unless the caller may change this user. */
export function refuseSuperuserChange(caller: Pick<AuthUser, "isSuperuser">, targetIsSuperuser: boolean): void {
  if (!canChangeUser({ is_superuser: caller.isSuperuser }, { is_superuser: targetIsSuperuser })) throw forbidden();
}

/**
 * A member list goes from `before` to `after`: 403 when someone who joins or leaves it is a
 * superuser and the caller is not. Superusers who stay on the list do not count.
 */
export async function refuseSuperuserMemberChange(
  tx: Db,
  caller: Pick<AuthUser, "isSuperuser">,
  before: readonly number[],
  after: readonly number[],
): Promise<void> {
  if (caller.isSuperuser) return;
  const moved = movedIds(before, after);
  if (moved.length === 0) return;
  const [superuser] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, moved), eq(users.isSuperuser, true)))
    .limit(1);
  if (superuser) refuseSuperuserChange(caller, true);
}
