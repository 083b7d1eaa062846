import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentImages } from "../../db/schema/index.ts";

// The SQL of content images (news covers and pictures in the text).

export async function insertContentImage(
  db: Db,
  values: { name: string; mime: string; data: Buffer; createdBy: number },
): Promise<{ uuid: string; size: number }> {
  const [row] = await db
    .insert(contentImages)
    .values({ ...values, size: values.data.length })
    .returning({ uuid: contentImages.uuid, size: contentImages.size });
  if (!row) throw new Error("content image insert returned nothing");
  return row;
}

export async function findContentImage(db: Db, uuid: string) {
  const [row] = await db
    .select({ mime: contentImages.mime, data: contentImages.data })
    .from(contentImages)
    .where(eq(contentImages.uuid, uuid))
    .limit(1);
  return row;
}
