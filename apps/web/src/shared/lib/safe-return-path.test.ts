import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./safe-return-path.ts";
import { loginHref } from "./sign-in-return.ts";

describe("safeReturnPath (no open redirect after sign-in)", () => {
  it("keeps paths of this site with their query and hash", () => {
    expect(safeReturnPath("/lists/5")).toBe("/lists/5");
    expect(safeReturnPath("/news/7?page=2#comments")).toBe("/news/7?page=2#comments");
    expect(safeReturnPath("/")).toBe("/");
  });

  it.each([
    ["//evil.example/path"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["https://evil.example/"],
    ["http:/evil.example"],
    ["javascript:alert(1)"],
    ["evil.example/path"],
    ["/\t/evil.example"],
    [""],
    [null],
    [undefined],
  ])("refuses %j", (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it("does not return to the sign-in or sign-out pages", () => {
    expect(safeReturnPath("/login?next=/x")).toBeNull();
    expect(safeReturnPath("/logout")).toBeNull();
  });
});

describe("loginHref", () => {
  it("carries the return path and the expired flag", () => {
    expect(loginHref()).toBe("/login");
    expect(loginHref("/lists/5?tab=form")).toBe("/login?next=%2Flists%2F5%3Ftab%3Dform");
    expect(loginHref("/chat", true)).toBe("/login?next=%2Fchat&expired=1");
    expect(loginHref("/")).toBe("/login");
  });
});
