import { describe, expect, it } from "vitest";
import { isTimeZone, monitoringSeriesInputSchema, monitoringSiteInputSchema } from "./monitoring-model.ts";

const messages = (input: unknown) => {
  const result = monitoringSeriesInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("monitoring model input", () => {
  it("takes IANA zones and nothing else", () => {
    for (const zone of ["Europe/Moscow", "Asia/Novosibirsk", "UTC", "America/Argentina/Buenos_Aires"]) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ["Mars/Olympus", "Москва", "+03:00", "", "Europe/", "../etc/passwd"]) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
    expect(
      monitoringSiteInputSchema.safeParse({ name: "МТФ-1", time_zone: "Europe/Mars" }).error?.issues[0]?.message,
    ).toBe("Такого часового пояса нет: укажите часовой пояс IANA, например Europe/Moscow");
  });

  it("checks what each kind of series carries", () => {
    const base = { site_id: 1, name: "Ряд" };
    expect(messages({ ...base, kind: "sensor", unit: "°C", low: 2, high: 6 })).toEqual([]);
    expect(messages({ ...base, kind: "sensor", low: 6, high: 2 })).toEqual([
      "high: Верхний порог не может быть ниже нижнего",
    ]);
    expect(messages({ ...base, kind: "power", high: 2 })).toEqual(["high: Пороги задаются только у датчиков"]);
    expect(
      messages({
        ...base,
        kind: "state",
        states: [
          { code: "on", name: "Работает", color: "#2e7d32" },
          { code: "on", name: "Ещё раз", color: "#2E7D32" },
        ],
      }),
    ).toEqual(["states.1.code: Код «on» уже есть"]);
    expect(messages({ ...base, kind: "state", states: [{ code: "on", name: "Работает", color: "red" }] })).toEqual([
      "states.0.color: Цвет — в виде #rrggbb, например #2e7d32",
    ]);
    expect(messages({ ...base, kind: "sensor", states: [] })).toEqual([
      "states: Состояния бывают только у канала состояний",
    ]);
    expect(messages({ ...base, kind: "energy", rollover: 100_000, substation_id: 3, meter_role: "input" })).toEqual([]);
    expect(messages({ ...base, kind: "energy", meter_role: "feeder" })).toEqual([
      "substation_id: Выберите подстанцию счётчика",
    ]);
    expect(messages({ ...base, kind: "sensor", substation_id: 3, meter_role: "feeder" })).toEqual([
      "substation_id: В подстанцию входят только счётчики энергии и мощности",
    ]);
  });
});
