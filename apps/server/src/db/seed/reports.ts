import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  contentImages,
  iframeGroupReports,
  iframeGroups,
  iframeReports,
  userIframeGroups,
  userIframeReports,
} from "../schema/index.ts";
import { solidPng } from "./png.ts";

// Demo reports (contract reports.ts): the group «Молочное производство» with two plain-link reports
// (a map that allows framing), given to the demo client, and a Metabase report of the demo company
// given to the client directly, so that the signed path shows. Its site is an example address
// (features/reports/report-site.ts): the portal says the report is not set up until an admin gives
// it a real Metabase.

export const DEMO_REPORT_GROUP_TITLE = "Молочное производство";

/** A page that may be framed: OpenStreetMap's embeddable map around Moscow. */
export const DEMO_FRAMEABLE_URL =
  "https://www.openstreetmap.org/export/embed.html?bbox=37.5,55.7,37.7,55.8&layer=mapnik";

export const DEMO_REPORT_TITLES = {
  milk: "Надои по фермам",
  custom: "Карта хозяйств",
  metabase: "Воспроизводство стада (Metabase)",
} as const;

/** Does nothing when there are reports already, so it can run again safely. */
export async function seedDemoReports(
  db: Db,
  input: { companyId: number; clientId: number; adminId: number | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(iframeReports);
    if ((existing?.n ?? 0) > 0) return;
    const image = async (name: string, rgb: [number, number, number]) => {
      const png = solidPng(4, 3, rgb);
      const [row] = await tx
        .insert(contentImages)
        .values({ name, mime: "image/png", size: png.length, data: png, createdBy: input.adminId })
        .returning({ id: contentImages.id });
      if (!row) throw new Error("image insert returned nothing");
      return row.id;
    };
    const reports = await tx
      .insert(iframeReports)
      .values([
        {
          title: DEMO_REPORT_TITLES.milk,
          tag: "business_milk",
          imageId: await image("надои.png", [47, 158, 68]),
          url: DEMO_FRAMEABLE_URL,
        },
        {
          title: DEMO_REPORT_TITLES.custom,
          tag: "custom_reports",
          imageId: await image("карта.png", [22, 119, 255]),
          url: DEMO_FRAMEABLE_URL,
        },
        {
          title: DEMO_REPORT_TITLES.metabase,
          tag: "custom_reports",
          provider: "metabase",
          url: "https://metabase.example.com",
          resourceId: "1",
          secret: randomBytes(32).toString("hex"),
          restrictParam: "company",
          companyId: input.companyId,
        },
      ])
      .returning({ id: iframeReports.id });
    const [milk, custom, metabase] = reports;
    if (!milk || !custom || !metabase) throw new Error("report insert returned nothing");
    const [group] = await tx
      .insert(iframeGroups)
      .values({ title: DEMO_REPORT_GROUP_TITLE, imageId: await image("молоко.png", [250, 173, 20]) })
      .returning({ id: iframeGroups.id });
    if (!group) throw new Error("iframe group insert returned nothing");
    await tx.insert(iframeGroupReports).values([
      { groupId: group.id, reportId: milk.id, position: 0 },
      { groupId: group.id, reportId: custom.id, position: 1 },
    ]);
    await tx.insert(userIframeGroups).values({ userId: input.clientId, groupId: group.id });
    await tx.insert(userIframeReports).values({ userId: input.clientId, reportId: metabase.id });
  });
}
