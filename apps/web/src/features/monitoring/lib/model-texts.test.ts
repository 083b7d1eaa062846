import { describe, expect, it } from "vitest";
import { deletedText, deviceKindText, whatGoesAlong } from "./model-texts.ts";

const model = {
  devices: [
    { id: 1, site_id: 1, kind: "Танк", name: "Танк 1" },
    { id: 2, site_id: 1, kind: "Насос", name: "Насос" },
  ],
  substations: [{ id: 1, site_id: 1, name: "ТП-1" }],
  series: [1, 2, 3, 4, 5].map((id) => ({
    id,
    site_id: 1,
    device_id: id <= 2 ? 1 : null,
    substation_id: id >= 3 ? 1 : null,
    meter_role: id === 3 ? ("input" as const) : id > 3 ? ("feeder" as const) : null,
    kind: id <= 2 ? ("sensor" as const) : ("energy" as const),
    name: `Ряд ${id}`,
    unit: null,
    low: null,
    high: null,
    states: null,
    rollover: null,
  })),
};

describe("the model drawer's deletion texts", () => {
  it("names what goes along with a site, a device, a substation, a series", () => {
    expect(whatGoesAlong(model, { part: "site", id: 1 })).toBe(
      "Вместе с ней удалятся 2 устройства, 1 подстанция и 5 рядов со всеми показаниями.",
    );
    expect(whatGoesAlong(model, { part: "device", id: 1 })).toBe("Вместе с ним удалятся 2 ряда со всеми показаниями.");
    expect(whatGoesAlong(model, { part: "device", id: 2 })).toBe("Рядов у устройства нет.");
    expect(whatGoesAlong(model, { part: "substation", id: 1 })).toBe(
      "Вместе с ней удалятся 3 счётчика со всеми показаниями.",
    );
    expect(whatGoesAlong(model, { part: "series", id: 1 })).toBe("Вместе с ним удалятся все его показания.");
  });

  it("says what went", () => {
    expect(deletedText({ sites: 0, devices: 1, substations: 0, series: 2, readings: 1440 })).toBe(
      "Удалено: 1 устройство, 2 ряда и 1\u00a0440 показаний",
    );
    expect(deletedText({ sites: 0, devices: 0, substations: 0, series: 1, readings: 0 })).toBe(
      "Удалено: 1 ряд и 0 показаний",
    );
  });
});

describe("deviceKindText", () => {
  it("names the known codes in Russian and leaves a kind typed by hand as it is", () => {
    expect(["milking_robot", "milk_cooler", "ventilation", "feed_mixer"].map(deviceKindText)).toEqual([
      "доильный робот",
      "танк-охладитель",
      "вентиляция",
      "кормосмеситель",
    ]);
    expect(deviceKindText("Сепаратор")).toBe("Сепаратор");
  });
});
