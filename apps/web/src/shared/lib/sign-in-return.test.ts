import { describe, expect, it } from "vitest";
import { isSignInPath, loginHref } from "./sign-in-return.ts";

describe("the sign-in link", () => {
  it("returns to the page the user was on and says the session expired", () => {
    expect(loginHref("/lists/abc?tab=form", true)).toBe("/login?next=%2Flists%2Fabc%3Ftab%3Dform&expired=1");
    expect(loginHref("/", true)).toBe("/login?expired=1");
    expect(loginHref()).toBe("/login");
  });

  it("never returns to the sign-in page itself (a second sign-out while it is shown)", () => {
    expect(loginHref("/login", true)).toBe("/login?expired=1");
    expect(loginHref("/login?next=%2Fnews&expired=1", true)).toBe("/login?expired=1");
    expect(isSignInPath("/login")).toBe(true);
    expect(isSignInPath("/login?expired=1")).toBe(true);
    expect(isSignInPath("/loginx")).toBe(false);
    expect(isSignInPath("/lists/login")).toBe(false);
  });
});
