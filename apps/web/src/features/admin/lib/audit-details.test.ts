import { describe, expect, it } from "vitest";
import { auditChanges } from "./audit-details.ts";

describe("audit details as «было → стало»", () => {
  it("lists only the keys whose values differ, in a readable form", () => {
    const details = {
      id: 5,
      before: { role: 3, is_active: true, companies: ["a"], email: "a@x.ru" },
      after: { role: null, is_active: false, companies: ["a", "b"], email: "a@x.ru" },
    };
    expect(auditChanges(details)).toEqual([
      { key: "role", before: "3", after: "—" },
      { key: "is_active", before: "да", after: "нет" },
      { key: "companies", before: '["a"]', after: '["a","b"]' },
    ]);
  });

  it("treats a missing side (created, deleted) as empty", () => {
    expect(auditChanges({ before: null, after: { title: "Новость" } })).toEqual([
      { key: "title", before: "—", after: "Новость" },
    ]);
  });

  it("gives null for other details, which are shown as JSON", () => {
    expect(auditChanges({ username: "ghost" })).toBeNull();
    expect(auditChanges({ before: "x", after: "y" })).toBeNull();
    expect(auditChanges(null)).toBeNull();
  });
});
