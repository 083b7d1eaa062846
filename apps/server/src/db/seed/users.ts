import { hashPassword } from "../../platform/auth/passwords.ts";
import type { Db } from "../client.ts";
import { companyMemberships, userGroups, users } from "../schema/index.ts";

export interface SeedUserInput {
  username: string;
  password?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Role ids in order; the first one is the user's role. */
  roles?: number[];
  isSuperuser?: boolean;
  isActive?: boolean;
  /** Defaults to isActive: an inactive seeded user is a registration waiting for confirmation. */
  emailConfirmed?: boolean;
  readStatus?: boolean;
  companyIds?: number[];
}

/** Creates a user with its groups and companies. Used by the demo start, the tests and e2e alike. */
export async function seedUser(db: Db, input: SeedUserInput) {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        username: input.username,
        email: input.email ?? "",
        firstName: input.firstName ?? "",
        lastName: input.lastName ?? "",
        passwordHash,
        isSuperuser: input.isSuperuser ?? false,
        isActive: input.isActive ?? true,
        emailConfirmedAt: (input.emailConfirmed ?? input.isActive ?? true) ? new Date() : null,
        readStatus: input.readStatus ?? false,
      })
      .returning();
    if (!user) throw new Error("user insert returned nothing");
    const roles = input.roles ?? [];
    if (roles.length > 0) {
      await tx.insert(userGroups).values(roles.map((groupId, position) => ({ userId: user.id, groupId, position })));
    }
    const companyIds = input.companyIds ?? [];
    if (companyIds.length > 0) {
      await tx.insert(companyMemberships).values(companyIds.map((companyId) => ({ userId: user.id, companyId })));
    }
    return user;
  });
}
