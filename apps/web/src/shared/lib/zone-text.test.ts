import { describe, expect, it } from "vitest";
import { zoneText } from "./zone-text.ts";

describe("zoneText", () => {
  it("names a site's zone in Russian with its offset", () => {
    const march = Date.parse("2026-03-10T12:00:00Z");
    expect(zoneText("Europe/Moscow", march)).toBe("Москва, UTC+3");
    expect(zoneText("Asia/Novosibirsk", march)).toBe("Новосибирск, UTC+7");
    expect(zoneText("Asia/Kolkata", march)).toBe("Kolkata, UTC+5:30");
    expect(zoneText("America/New_York", Date.parse("2026-07-01T12:00:00Z"))).toBe("New York, UTC−4");
    expect(zoneText("UTC", march)).toBe("UTC");
  });
});
