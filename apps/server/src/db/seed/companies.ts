import type { Db } from "../client.ts";
import { companies, farms } from "../schema/index.ts";

export interface SeedCompanyInput {
  name: string;
  farms?: { name: string; useGenetic?: boolean; timezone?: string }[];
}

export async function seedCompany(db: Db, input: SeedCompanyInput) {
  return db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values({ name: input.name }).returning();
    if (!company) throw new Error("company insert returned nothing");
    const farmRows =
      input.farms && input.farms.length > 0
        ? await tx
            .insert(farms)
            .values(
              input.farms.map((f) => ({
                companyId: company.id,
                name: f.name,
                useGenetic: f.useGenetic ?? false,
                timezone: f.timezone ?? "Europe/Moscow",
              })),
            )
            .returning()
        : [];
    return { company, farms: farmRows };
  });
}
