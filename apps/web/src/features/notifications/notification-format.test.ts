import { describe, expect, it } from "vitest";
import {
  bellCounterText,
  formatNotificationDate,
  notificationCountText,
  notificationTarget,
} from "./notification-format.ts";

describe("notification formats (spec §4, §9)", () => {
  it("caps the bell counter at 99+", () => {
    expect(bellCounterText(1)).toBe("1");
    expect(bellCounterText(99)).toBe("99");
    expect(bellCounterText(100)).toBe("99+");
    expect(bellCounterText(120)).toBe("99+");
  });

  it("shows the date as dd.mm.yyyy with the real month", () => {
    // Noon UTC: the same calendar day in every time zone from UTC−11 to UTC+11.
    expect(formatNotificationDate("2025-11-28T12:00:00.000Z")).toBe("28.11.2025");
    expect(formatNotificationDate("2026-01-05T12:00:00.000Z")).toBe("05.01.2026");
    expect(formatNotificationDate("2025-12-31T12:00:00.000Z")).toBe("31.12.2025");
  });

  it("counts in Russian", () => {
    expect(notificationCountText(1)).toBe("1 уведомление");
    expect(notificationCountText(3)).toBe("3 уведомления");
    expect(notificationCountText(11)).toBe("11 уведомлений");
    expect(notificationCountText(120)).toBe("120 уведомлений");
    expect(notificationCountText(121)).toBe("121 уведомление");
  });

  it("tells app routes from other sites and refuses anything else", () => {
    expect(notificationTarget("/reports")).toEqual({ kind: "app", to: "/reports" });
    expect(notificationTarget(`${window.location.origin}/boards?x=1`)).toEqual({ kind: "app", to: "/boards?x=1" });
    expect(notificationTarget("https://example.ru/a")).toEqual({ kind: "external", href: "https://example.ru/a" });
    expect(notificationTarget("//evil.example/x")).toBeNull();
    expect(notificationTarget("javascript:alert(1)")).toBeNull();
    expect(notificationTarget(null)).toBeNull();
  });
});
