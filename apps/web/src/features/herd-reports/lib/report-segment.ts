import type { HerdReportQuery } from "@nadoy/contract/herd-reports";
import type { HerdSegment } from "@nadoy/contract/herd-segments";

// The saved segment a report's link names (?segment=<uuid>), checked against the database's
// segments the caller sees. A link outlives its segment (deleted, or no longer shared): the report
// is then shown without it, and says so, rather than naming a uuid or failing as a missing database.

export type LinkSegment =
  /** The link names no saved segment. */
  | { state: "none" }
  /** The segments have not come yet: the report waits for them. */
  | { state: "checking" }
  | { state: "found"; name: string }
  /** Not among the caller's segments any more. */
  | { state: "gone" }
  /** The segments did not load: the report is asked with it and the server decides. */
  | { state: "unknown" };

export function linkSegment(
  uuid: string | undefined,
  segments: { data?: readonly HerdSegment[] | undefined; isError: boolean },
): LinkSegment {
  if (uuid === undefined) return { state: "none" };
  if (segments.data) {
    const found = segments.data.find((segment) => segment.uuid === uuid);
    return found ? { state: "found", name: found.name } : { state: "gone" };
  }
  return segments.isError ? { state: "unknown" } : { state: "checking" };
}

/** The query the report is asked with: the link's, without a segment that is gone. */
export function askedQuery(query: HerdReportQuery, link: LinkSegment): HerdReportQuery {
  if (link.state !== "gone") return query;
  const { segment: _gone, ...rest } = query;
  return rest;
}

export const SEGMENT_GONE = "Сегмент удалён";

/** What the segment picker shows for the link's segment while it is not one of the list's. */
export function missingSegmentLabel(link: LinkSegment): string {
  if (link.state === "gone") return SEGMENT_GONE;
  if (link.state === "checking") return "Загрузка…";
  return "Сохранённый сегмент";
}
