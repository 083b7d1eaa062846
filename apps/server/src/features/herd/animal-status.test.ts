import { describe, expect, it } from "vitest";
import { herdAnimalStatus } from "./animal-status.ts";

describe("herdAnimalStatus", () => {
  it("puts the exit first, then heifer, then dry only when the dry date is of the current lactation", () => {
    const cow = { lact: 2, freshDate: "2026-01-10", dryDate: null, exit: null } as const;
    expect(herdAnimalStatus({ ...cow, exit: "sold" })).toBe("sold");
    expect(herdAnimalStatus({ ...cow, lact: 0, freshDate: null, exit: "died" })).toBe("died");
    expect(herdAnimalStatus({ ...cow, lact: 0, freshDate: null })).toBe("heifer");
    expect(herdAnimalStatus(cow)).toBe("milking");
    expect(herdAnimalStatus({ ...cow, dryDate: "2026-09-01" })).toBe("dry");
    // A file may still carry the previous lactation's dry date: the later calving wins.
    expect(herdAnimalStatus({ ...cow, dryDate: "2025-11-20" })).toBe("milking");
    expect(herdAnimalStatus({ ...cow, freshDate: null, dryDate: "2025-11-20" })).toBe("dry");
  });
});
