import type { HerdAnimalCard, HerdAnimalRow } from "@nadoy/contract/herd";

// An animal and its card as contract herd.ts shapes them (uuids are real: answers go through the
// contract's schemas), for the card's tests and the herd pages' tests.

export const DB = "1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9";
export const COW = "4b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9";

export function animalRow(overrides: Partial<HerdAnimalRow> = {}): HerdAnimalRow {
  return {
    uuid: COW,
    barn_number: "1234",
    ear_tag: "RU0012345",
    birth_date: "2021-03-04",
    breed: "Голштинская",
    status: "milking",
    lact: 3,
    pen: "5",
    dim: 120,
    rc: 5,
    fresh_date: "2026-07-29",
    exit_date: null,
    ...overrides,
  };
}

export function animalCard(overrides: Partial<HerdAnimalCard> = {}): HerdAnimalCard {
  return {
    ...animalRow(),
    sire: "HO-7HO1234",
    dam: "998",
    exit_reason: null,
    attributes: { MGSID: "HO-555", "305ME": "11 250" },
    lactations: [
      { lact: 2, fresh_date: "2025-06-01", dry_date: "2026-05-20", end_date: "2026-07-29", milk_kg: 10_512.4 },
      { lact: 3, fresh_date: "2026-07-29", dry_date: null, end_date: null, milk_kg: 3_900 },
    ],
    events: [
      {
        id: 3,
        date: "2026-10-01",
        code: "BRED",
        name: "Осеменение",
        lact: 3,
        dim: 64,
        remark: "HO-7HO1234",
        protocol: "",
        technician: "Сидоров",
      },
      {
        id: 2,
        date: "2026-08-15",
        code: "VACC",
        name: "VACC",
        lact: 3,
        dim: 17,
        remark: "",
        protocol: "",
        technician: "",
      },
      {
        id: 1,
        date: "2026-07-29",
        code: "FRESH",
        name: "Отёл",
        lact: 3,
        dim: 0,
        remark: "",
        protocol: "",
        technician: "",
      },
    ],
    test_days: [
      { date: "2025-07-01", lact: 2, dim: 30, milk_kg: 38.5, fat_pct: 3.9, protein_pct: 3.2, scc: 180 },
      { date: "2025-08-01", lact: 2, dim: 61, milk_kg: 41, fat_pct: 3.7, protein_pct: 3.1, scc: 150 },
      { date: "2026-08-28", lact: 3, dim: 30, milk_kg: 42.1, fat_pct: 4, protein_pct: 3.3, scc: 95 },
    ],
    ...overrides,
  };
}
