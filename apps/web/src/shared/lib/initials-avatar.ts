/**
 * Spec §9 initials avatar: the initials of first and last name (the username's first letter when
 * both are empty) on a colour derived from the name, saturation 30 and lightness 80.
 */
export function initialsOf(person: { first_name: string; last_name: string; username?: string }): string {
  const initials = [person.first_name, person.last_name]
    .map((part) => part.trim().charAt(0))
    .join("")
    .toUpperCase();
  return initials || (person.username?.trim().charAt(0).toUpperCase() ?? "") || "?";
}

/** The same name always gives the same hue. */
export function avatarColor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return `hsl(${hash}, 30%, 80%)`;
}
