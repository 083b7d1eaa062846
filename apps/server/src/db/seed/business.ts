import type { DatabaseKind } from "@nadoy/contract/users";
import type { Db } from "../client.ts";
import {
  companyMemberships,
  dtmEntries,
  userDatabaseAccess,
  userDatabases,
  userDtmAccess,
  userFarms,
} from "../schema/index.ts";
import { seedCompany } from "./companies.ts";

// Demo business users (contract business.ts): two more companies with their farms, user databases
// of every company, DTM codes of the demo company, and the demo accounts spread over them — a
// zootechnician in two companies with a farm picked in one, the demo company's herd and monitoring
// databases and a DTM code, a client given the herd and monitoring databases, an agronomist who
// works for «АО «Сибирская нива»» only.

export const DEMO_HERD_SERVER = "dc305.nadoy.local";
export const DEMO_MONITORING_SERVER = "monitoring.nadoy.local";
/**
 * The farm in the demo company's monitoring database: its readings are generated on start
 * (features/monitoring/demo-site/seed-demo-site.ts), but it is the client's farm, not the demo.
 */
export const DEMO_MONITORING_SITE = { name: "МТФ «Заря»", timeZone: "Europe/Moscow" } as const;
const DEMO_1C_SERVER = "1c.nadoy.local";

export const DEMO_BUSINESSES = [
  {
    key: "ural",
    name: "СПК «Уральский молочник»",
    farms: [
      { key: "sysert", name: "МТФ «Сысерть»", useGenetic: true, timezone: "Asia/Yekaterinburg" },
      { key: "aramil", name: "МТФ «Арамиль»", useGenetic: false, timezone: "Asia/Yekaterinburg" },
    ],
  },
  {
    key: "siberia",
    name: "АО «Сибирская нива»",
    farms: [
      { key: "ob", name: "Ферма «Обская»", useGenetic: false, timezone: "Asia/Novosibirsk" },
      { key: "berd", name: "Ферма «Бердская»", useGenetic: true, timezone: "Asia/Novosibirsk" },
      { key: "toguchin", name: "Комплекс «Тогучин»", useGenetic: false, timezone: "Asia/Novosibirsk" },
    ],
  },
] as const;

type CompanyKey = "main" | (typeof DEMO_BUSINESSES)[number]["key"];

const DEMO_DATABASES: {
  key: string;
  company: CompanyKey;
  farm?: string;
  name: string;
  server: string;
  dbName: string;
  kind: DatabaseKind;
  active?: boolean;
}[] = [
  {
    key: "zaryaHerd",
    company: "main",
    name: "Стадо «Заря» (DC305)",
    server: DEMO_HERD_SERVER,
    dbName: "herd_main",
    kind: "herd",
  },
  {
    key: "zaryaMonitoring",
    company: "main",
    name: "Мониторинг оборудования «Заря»",
    server: DEMO_MONITORING_SERVER,
    dbName: "monitoring",
    kind: "monitoring",
  },
  {
    key: "zarya1c",
    company: "main",
    name: "Бухгалтерия 1С «Заря»",
    server: DEMO_1C_SERVER,
    dbName: "zarya_1c",
    kind: "accounting",
  },
  {
    key: "uralHerd",
    company: "ural",
    farm: "sysert",
    name: "Стадо «Сысерть» (DC305)",
    server: DEMO_HERD_SERVER,
    dbName: "herd_sysert",
    kind: "herd",
  },
  {
    key: "uralArchive",
    company: "ural",
    name: "Архив стада 2019–2022",
    server: DEMO_HERD_SERVER,
    dbName: "herd_ural_archive",
    kind: "herd",
    active: false,
  },
  {
    key: "siberiaHerd",
    company: "siberia",
    name: "Стадо «Сибирская нива» (DC305)",
    server: DEMO_HERD_SERVER,
    dbName: "herd_sibniva",
    kind: "herd",
  },
  {
    key: "siberia1c",
    company: "siberia",
    name: "Бухгалтерия 1С «Сибирская нива»",
    server: DEMO_1C_SERVER,
    dbName: "sibniva_1c",
    kind: "accounting",
  },
];

/** The demo company's DTM codes (spec §3 "DTM entry"), by key. */
const DEMO_DTM: { key: string; company: CompanyKey; code: string }[] = [
  { key: "zarya1", company: "main", code: "ZR-001" },
  { key: "zarya2", company: "main", code: "ZR-002" },
];

/**
 * Who is where: extra memberships (everyone but the editor and the agronomist is in the main
 * company already), picks, databases, DTM codes.
 */
const DEMO_ACCESS: Record<
  string,
  { companies?: CompanyKey[]; farms?: string[]; databases?: string[]; dtm?: string[] }
> = {
  zootech: {
    companies: ["ural"],
    farms: ["sysert"],
    databases: ["zaryaHerd", "zaryaMonitoring", "uralHerd"],
    dtm: ["zarya1"],
  },
  agronom: { companies: ["siberia"] },
  viewer: { databases: ["zaryaHerd"] },
  client: { databases: ["zaryaHerd", "zaryaMonitoring"] },
};

export interface DemoBusinesses {
  companies: Record<CompanyKey, number>;
  farms: Record<string, number>;
  databases: Record<string, number>;
  dtm: Record<string, number>;
}

/**
 * Seeds the demo businesses on top of the demo company (`companyId`) and users (`users`: username
 * → id, as demo.ts creates them). Unknown usernames are skipped. Returns the ids by key.
 */
export async function seedDemoBusinesses(
  db: Db,
  input: { companyId: number; users: Record<string, number> },
): Promise<DemoBusinesses> {
  return db.transaction(async (tx) => {
    const result: DemoBusinesses = {
      companies: { main: input.companyId, ural: 0, siberia: 0 },
      farms: {},
      databases: {},
      dtm: {},
    };
    for (const business of DEMO_BUSINESSES) {
      const { company, farms } = await seedCompany(tx, { name: business.name, farms: [...business.farms] });
      result.companies[business.key] = company.id;
      for (const farm of farms) {
        const key = business.farms.find((f) => f.name === farm.name)?.key;
        if (key) result.farms[key] = farm.id;
      }
    }
    const rows = await tx
      .insert(userDatabases)
      .values(
        DEMO_DATABASES.map((d) => ({
          companyId: result.companies[d.company],
          farmId: d.farm === undefined ? null : (result.farms[d.farm] ?? null),
          name: d.name,
          server: d.server,
          dbName: d.dbName,
          kind: d.kind,
          active: d.active ?? true,
        })),
      )
      .returning({ id: userDatabases.id, dbName: userDatabases.dbName });
    for (const row of rows) {
      const key = DEMO_DATABASES.find((d) => d.dbName === row.dbName)?.key;
      if (key) result.databases[key] = row.id;
    }
    const dtmRows = await tx
      .insert(dtmEntries)
      .values(DEMO_DTM.map((d) => ({ companyId: result.companies[d.company], companyCode: d.code })))
      .returning({ id: dtmEntries.id, companyCode: dtmEntries.companyCode });
    for (const row of dtmRows) {
      const key = DEMO_DTM.find((d) => d.code === row.companyCode)?.key;
      if (key) result.dtm[key] = row.id;
    }
    for (const [username, access] of Object.entries(DEMO_ACCESS)) {
      const userId = input.users[username];
      if (userId === undefined) continue;
      const companyIds = (access.companies ?? []).map((key) => result.companies[key]);
      if (companyIds.length > 0) {
        await tx.insert(companyMemberships).values(companyIds.map((companyId) => ({ userId, companyId })));
      }
      const farmIds = (access.farms ?? []).flatMap((key) => result.farms[key] ?? []);
      if (farmIds.length > 0) await tx.insert(userFarms).values(farmIds.map((farmId) => ({ userId, farmId })));
      const databaseIds = (access.databases ?? []).flatMap((key) => result.databases[key] ?? []);
      if (databaseIds.length > 0) {
        await tx.insert(userDatabaseAccess).values(databaseIds.map((databaseId) => ({ userId, databaseId })));
      }
      const dtmIds = (access.dtm ?? []).flatMap((key) => result.dtm[key] ?? []);
      if (dtmIds.length > 0) {
        await tx.insert(userDtmAccess).values(dtmIds.map((dtmEntryId) => ({ userId, dtmEntryId })));
      }
    }
    return result;
  });
}
