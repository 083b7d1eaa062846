import { describe, expect, it } from "vitest";
import { guessHerdColumnMapping } from "./herd-spreadsheet.ts";

describe("guessHerdColumnMapping", () => {
  it("reads DC305's item names as DC305 means them: CBRD is the breed, EID the ear tag", () => {
    expect(guessHerdColumnMapping("animals", ["ID", "CBRD", "EID", "BDAT", "Что-то ещё"])).toEqual({
      ID: "barn_number",
      CBRD: "breed",
      EID: "ear_tag",
      BDAT: "birth_date",
      "Что-то ещё": null,
    });
  });
});
