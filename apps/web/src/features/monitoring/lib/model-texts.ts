import type { MonitoringDeleted, MonitoringModel } from "@nadoy/contract/monitoring-model";
import { pluralRu, type RuPluralForms } from "@nadoy/contract/plural";

// What the «Схема площадки» drawer says: a device's kind in Russian, and before and after a
// deletion what goes along with the deleted thing (from the model on screen) and what went (from
// the server's answer).

const SITES: RuPluralForms = ["площадка", "площадки", "площадок"];
const DEVICES: RuPluralForms = ["устройство", "устройства", "устройств"];
const SUBSTATIONS: RuPluralForms = ["подстанция", "подстанции", "подстанций"];
const SERIES: RuPluralForms = ["ряд", "ряда", "рядов"];
const METERS: RuPluralForms = ["счётчик", "счётчика", "счётчиков"];
const READINGS: RuPluralForms = ["показание", "показания", "показаний"];

/**
 * Device kinds are free text; the demo data of earlier starts has English codes. Those by their
 * Russian names, the way an admin types a new one.
 */
const DEVICE_KIND_NAMES: Record<string, string> = {
  milking_robot: "доильный робот",
  milk_cooler: "танк-охладитель",
  ventilation: "вентиляция",
  feed_mixer: "кормосмеситель",
};

/** A device's kind as the drawer shows it: a known code in Russian, anything else as typed. */
export function deviceKindText(kind: string): string {
  return DEVICE_KIND_NAMES[kind.trim().toLowerCase()] ?? kind;
}

const counted = (n: number, forms: RuPluralForms) => `${n.toLocaleString("ru-RU")} ${pluralRu(n, forms)}`;

/** «a, b и c» */
function joined(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} и ${parts.at(-1)}`;
}

export type DeletedPart =
  | { part: "site"; id: number }
  | { part: "device"; id: number }
  | { part: "substation"; id: number }
  | { part: "series"; id: number };

/** The Popconfirm's description: what goes along, counted on the model on screen. */
export function whatGoesAlong(model: Pick<MonitoringModel, "devices" | "substations" | "series">, target: DeletedPart) {
  switch (target.part) {
    case "site": {
      const parts = [
        counted(model.devices.filter((d) => d.site_id === target.id).length, DEVICES),
        counted(model.substations.filter((s) => s.site_id === target.id).length, SUBSTATIONS),
        counted(model.series.filter((s) => s.site_id === target.id).length, SERIES),
      ];
      return `Вместе с ней удалятся ${joined(parts)} со всеми показаниями.`;
    }
    case "device": {
      const n = model.series.filter((s) => s.device_id === target.id).length;
      return n === 0 ? "Рядов у устройства нет." : `Вместе с ним удалятся ${counted(n, SERIES)} со всеми показаниями.`;
    }
    case "substation": {
      const n = model.series.filter((s) => s.substation_id === target.id).length;
      return n === 0
        ? "Счётчиков у подстанции нет."
        : `Вместе с ней удалятся ${counted(n, METERS)} со всеми показаниями.`;
    }
    case "series":
      return "Вместе с ним удалятся все его показания.";
  }
}

/** The toast after a deletion: «Удалено: 1 устройство, 2 ряда и 1 440 показаний». */
export function deletedText(deleted: MonitoringDeleted): string {
  const parts = [
    deleted.sites > 0 ? counted(deleted.sites, SITES) : "",
    deleted.devices > 0 ? counted(deleted.devices, DEVICES) : "",
    deleted.substations > 0 ? counted(deleted.substations, SUBSTATIONS) : "",
    deleted.series > 0 ? counted(deleted.series, SERIES) : "",
    counted(deleted.readings, READINGS),
  ].filter(Boolean);
  return `Удалено: ${joined(parts)}`;
}
