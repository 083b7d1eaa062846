import { describe, expect, it } from "vitest";
import { hasAnyRole, ROLE_IDS, ROLE_NAMES, roleOf } from "./roles.ts";

describe("roles", () => {
  it("takes the first group as the role", () => {
    expect(roleOf([7, 2])).toBe(7);
    expect(roleOf([])).toBeUndefined();
  });
  it("lets superusers through any role rule", () => {
    expect(hasAnyRole({ is_superuser: true, groups: [] }, [1])).toBe(true);
  });
  it("checks every group of a user, not only the first", () => {
    expect(hasAnyRole({ is_superuser: false, groups: [3, 2] }, [2])).toBe(true);
    expect(hasAnyRole({ is_superuser: false, groups: [3] }, [1, 2])).toBe(false);
  });
  it("names every role in Russian", () => {
    for (const id of ROLE_IDS) expect(ROLE_NAMES[id]).toMatch(/^[А-ЯЁ][а-яё ]+$/);
  });
});
