import type { HerdAnimalStatus } from "@nadoy/contract/herd";

/** What decides an animal's status: her current lactation, its dates, and how she left (if she did). */
export interface AnimalStatusInput {
  /** Current lactation; 0 for a heifer. */
  lact: number;
  /** The current lactation's fresh and dry dates (YYYY-MM-DD). */
  freshDate: string | null;
  dryDate: string | null;
  exit: "sold" | "died" | null;
}

/**
 * The status the list, the card and the datasets count by (contract HERD_ANIMAL_STATUSES): left
 * first, then heifer (LACT 0), then dry when the dry date is set and no fresh date came after it
 * (a DC305 LIST may still carry the previous lactation's DDAT), else milking. One rule for every
 * writer of herd_animals (the demo loader, the DC305 importer), so the tables never disagree.
 */
export function herdAnimalStatus(a: AnimalStatusInput): HerdAnimalStatus {
  if (a.exit !== null) return a.exit;
  if (a.lact === 0) return "heifer";
  if (a.dryDate !== null && (a.freshDate === null || a.dryDate >= a.freshDate)) return "dry";
  return "milking";
}
