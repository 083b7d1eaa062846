import type { UserData } from "@nadoy/contract/users";

export type UserDatabase = UserData["user_databases"][number];

/** The user's active herd databases: the ones herd data goes to. */
export function herdDatabases(user: UserData): UserDatabase[] {
  return user.user_databases.filter((db) => db.kind === "herd" && db.active);
}
