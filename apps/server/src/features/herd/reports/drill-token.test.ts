import { HERD_LACT_GROUPS } from "@nadoy/contract/herd-reports";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../platform/errors.ts";
import { BAD_DRILL, type Drill, decodeDrill, encodeDrill } from "./drill-token.ts";

const isoDay = fc
  .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

// Texts with the separator, the escape and what escaping makes of them, so that undoing it is tested.
const text = (max: number) =>
  fc
    .array(fc.oneof(fc.constantFrom("~", "%", "%25", "%7E", "|", ":", " ", "<"), fc.string({ maxLength: 4 })), {
      maxLength: 12,
    })
    .map((parts) => parts.join("").slice(0, max));

const drill: fc.Arbitrary<Drill> = fc.record(
  {
    n: fc.integer({ min: 1, max: 8 }),
    k: text(500).filter((k) => k.length > 0),
    f: isoDay,
    t: isoDay,
    s: fc.uuid(),
    r: text(2000),
    lg: fc.constantFrom(...HERD_LACT_GROUPS),
    p: text(50),
  },
  { requiredKeys: ["n", "k", "f", "t"] },
);

const refused = (token: string) => {
  try {
    decodeDrill(token);
  } catch (error) {
    return error instanceof ApiError && error.status === 400 && error.message === BAD_DRILL;
  }
  return false;
};

describe("drill tokens", () => {
  it("read back exactly what was written, filters and odd characters included", () => {
    fc.assert(
      fc.property(drill, (d) => {
        expect(decodeDrill(encodeDrill(d))).toEqual(d);
      }),
    );
  });

  it("are short, readable text", () => {
    const token = encodeDrill({ n: 1, k: "lg:1|status:milking", f: "2025-11-28", t: "2026-11-27" });
    expect(token).toBe("1~2025-11-28~2026-11-27~lg:1|status:milking");
    expect(encodeDrill({ n: 4, k: "pen:a~b%", f: "2025-01-01", t: "2025-12-31", lg: "3+", p: "Север~1" })).toBe(
      "4~2025-01-01~2025-12-31~pen:a%7Eb%25~g3+~pСевер%7E1",
    );
  });

  it("of the earlier form (base64url of JSON, from a page opened before an update) are still read", () => {
    const earlier: Drill = { n: 2, k: "lg:2|cows", f: "2025-01-01", t: "2025-12-31", r: "LACT=1 DIM<100" };
    const token = Buffer.from(JSON.stringify(earlier)).toString("base64url");
    expect(decodeDrill(token)).toEqual(earlier);
  });

  it("that this server did not write are refused with 400", () => {
    for (const token of [
      "",
      "garbage",
      "x~2025-01-01~2025-12-31~herd",
      "1~2025-13-01~2025-12-31~herd",
      "1~2025-01-01~2025-12-31~",
      "1~2025-01-01~2025-12-31",
      "1~2025-01-01~2025-12-31~herd~xoops",
      "1~2025-01-01~2025-12-31~herd~p1~p2",
      "1~2025-01-01~2025-12-31~herd~gnone",
      "1~2025-01-01~2025-12-31~herd~snot-a-uuid",
    ]) {
      expect(refused(token), token).toBe(true);
    }
  });
});
