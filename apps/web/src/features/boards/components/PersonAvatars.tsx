import type { BoardUser } from "@nadoy/contract/boards";
import { Avatar, Tooltip } from "antd";
import { avatarColor } from "../../../shared/lib/initials-avatar.ts";
import { initialsOfName } from "../board-view.ts";

/** Unknown ids (a member who left the company) show as «?». */
function personOf(members: ReadonlyMap<number, BoardUser>, id: number): BoardUser {
  return members.get(id) ?? { id, username: "?", name: "" };
}

export function nameOf(members: ReadonlyMap<number, BoardUser>, id: number): string {
  const person = personOf(members, id);
  return person.name || person.username;
}

/**
 * Initials avatars of people (assignees, viewers, who has a card open), labelled for screen
 * readers with `label` and their names.
 */
export function PersonAvatars({
  ids,
  members,
  label,
  size = "small",
  max = 4,
}: {
  ids: readonly number[];
  members: ReadonlyMap<number, BoardUser>;
  label: string;
  size?: "small" | "default";
  max?: number;
}) {
  if (ids.length === 0) return null;
  const names = ids.map((id) => nameOf(members, id));
  return (
    <span role="img" aria-label={`${label}: ${names.join(", ")}`} style={{ display: "inline-flex" }}>
      <Avatar.Group size={size} max={{ count: max }}>
        {ids.map((id, index) => {
          const person = personOf(members, id);
          return (
            <Tooltip key={id} title={names[index]}>
              <Avatar
                size={size}
                style={{ backgroundColor: avatarColor(names[index] ?? ""), color: "rgba(0, 0, 0, 0.75)" }}
                aria-hidden
              >
                {initialsOfName(person)}
              </Avatar>
            </Tooltip>
          );
        })}
      </Avatar.Group>
    </span>
  );
}
