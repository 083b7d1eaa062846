import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

// An IANA zone as a Russian user reads it: «Новосибирск, UTC+7», not «Asia/Novosibirsk» (a
// monitoring site's clock; a farm's zone in the admin's select).

/** Russia's zones and a few neighbours' by their Russian names. */
const ZONE_CITIES: Record<string, string> = {
  "Europe/Kaliningrad": "Калининград",
  "Europe/Moscow": "Москва",
  "Europe/Simferopol": "Симферополь",
  "Europe/Kirov": "Киров",
  "Europe/Volgograd": "Волгоград",
  "Europe/Astrakhan": "Астрахань",
  "Europe/Saratov": "Саратов",
  "Europe/Ulyanovsk": "Ульяновск",
  "Europe/Samara": "Самара",
  "Asia/Yekaterinburg": "Екатеринбург",
  "Asia/Omsk": "Омск",
  "Asia/Novosibirsk": "Новосибирск",
  "Asia/Barnaul": "Барнаул",
  "Asia/Tomsk": "Томск",
  "Asia/Novokuznetsk": "Новокузнецк",
  "Asia/Krasnoyarsk": "Красноярск",
  "Asia/Irkutsk": "Иркутск",
  "Asia/Chita": "Чита",
  "Asia/Yakutsk": "Якутск",
  "Asia/Khandyga": "Хандыга",
  "Asia/Vladivostok": "Владивосток",
  "Asia/Ust-Nera": "Усть-Нера",
  "Asia/Magadan": "Магадан",
  "Asia/Sakhalin": "Сахалин",
  "Asia/Srednekolymsk": "Среднеколымск",
  "Asia/Kamchatka": "Камчатка",
  "Asia/Anadyr": "Анадырь",
  "Europe/Minsk": "Минск",
  "Asia/Almaty": "Алматы",
  "Asia/Tashkent": "Ташкент",
  "Asia/Bishkek": "Бишкек",
};

/** The zone's offset at `at`, «UTC+7», «UTC+5:30», «UTC−1», «UTC». */
export function zoneOffsetText(timeZone: string, at: number = Date.now()): string {
  const minutes = dayjs(at).tz(timeZone).utcOffset();
  if (minutes === 0) return "UTC";
  const sign = minutes > 0 ? "+" : "−";
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, "0")}` : ""}`;
}

/** The zone's city in Russian («Москва»); one without a Russian name as IANA writes it («New York»). */
export function zoneCity(timeZone: string): string {
  return ZONE_CITIES[timeZone] ?? timeZone.split("/").at(-1)?.replaceAll("_", " ") ?? timeZone;
}

/** «Москва, UTC+3»; a zone without a Russian name by its city as IANA writes it («Europe/Berlin» → «Berlin, UTC+1»). */
export function zoneText(timeZone: string, at: number = Date.now()): string {
  const city = zoneCity(timeZone);
  return city === "UTC" ? "UTC" : `${city}, ${zoneOffsetText(timeZone, at)}`;
}
