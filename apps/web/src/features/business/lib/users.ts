import type { BusinessUserRef } from "@nadoy/contract/business";
import { href } from "../../../shared/routes/href.ts";
import { roleIcon } from "../../../shared/ui/role-icon.tsx";

/** «Иван Петров (zootech)», or the username alone when it is the name. */
export function userLabel(user: { name: string; username: string }): string {
  return user.name && user.name !== user.username ? `${user.name} (${user.username})` : user.username;
}

/** The role's Russian name, or «Роль не назначена». */
export function roleName(role: number | null): string {
  return roleIcon(role === null ? [] : [role]).label;
}

/**
 * The user in the admins' users page: its list searched for the login (the users page keeps only
 * its filters in the URL; a click on the row opens the user).
 */
export function manageUserHref(user: Pick<BusinessUserRef, "username">): string {
  return `${href.manageUsers()}?${new URLSearchParams({ q: user.username })}`;
}

/** A picked user in a select that keeps names of users no longer in its search results. */
export interface PickedUser {
  value: number;
  label: string;
}

export const pickedOf = (user: { id: number; name: string; username: string }): PickedUser => ({
  value: user.id,
  label: userLabel(user),
});
