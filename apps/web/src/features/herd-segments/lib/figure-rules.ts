import { HERD_ANIMAL_STATUS_LABELS, type HerdAnimalStatus } from "@nadoy/contract/herd";

// A segment's figures: its animals by status and by lactation group, each one count of the
// segment's rule with one more condition (the count API; no other route is needed).

export interface Figure {
  key: string;
  label: string;
  text: string;
}

const STATUSES: HerdAnimalStatus[] = ["milking", "dry", "heifer", "sold", "died"];
const LACTATIONS = [
  { key: "lact1", label: "1-я лактация", condition: "LACT=1" },
  { key: "lact2", label: "2-я лактация", condition: "LACT=2" },
  { key: "lact3", label: "3-я и старше", condition: "LACT>=3" },
];

/** The segment's text narrowed by one condition (the text in brackets: it may hold OR). */
const narrowed = (text: string, condition: string) => (text.trim() ? `(${text}) ${condition}` : condition);

export function statusFigures(text: string): Figure[] {
  return STATUSES.map((status) => ({
    key: status,
    label: HERD_ANIMAL_STATUS_LABELS[status],
    text: narrowed(text, `STATUS=${status.toUpperCase()}`),
  }));
}

export function lactationFigures(text: string): Figure[] {
  return LACTATIONS.map(({ key, label, condition }) => ({ key, label, text: narrowed(text, condition) }));
}
