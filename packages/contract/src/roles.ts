/** Role ids are group ids (spec §6): the first group of a user is its role. */
export const Role = {
  admin: 1,
  contentEditor: 2,
  zootechnician: 3,
  agronomist: 4,
  farmManager: 5,
  viewer: 6,
  client: 7,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];

export const ROLE_IDS: readonly RoleId[] = [1, 2, 3, 4, 5, 6, 7];

/** Russian names of the groups, as stored in the groups table. */
export const ROLE_NAMES: Record<RoleId, string> = {
  1: "Администратор",
  2: "Редактор контента",
  3: "Зоотехник",
  4: "Агроном",
  5: "Управляющий фермой",
  6: "Наблюдатель",
  7: "Клиент",
};

/** The role of a user is its first group id, or undefined when it has none. */
export function roleOf(groups: readonly number[]): number | undefined {
  return groups[0];
}

/** True when the user may pass an `auth: { roles }` rule: superusers always may. */
export function hasAnyRole(
  user: { is_superuser: boolean; groups: readonly number[] },
  roles: readonly number[],
): boolean {
  return user.is_superuser || user.groups.some((g) => roles.includes(g));
}
