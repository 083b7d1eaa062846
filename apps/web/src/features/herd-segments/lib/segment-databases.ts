import type { UserData } from "@nadoy/contract/users";

/** The herd databases segments are made for (users/data database_segmentation), active ones. */
export function segmentDatabases(user: UserData | undefined): UserData["database_segmentation"] {
  return (user?.database_segmentation ?? []).filter((db) => db.active);
}
