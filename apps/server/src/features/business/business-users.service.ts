import { BUSINESS_PAGE_SIZE, type BusinessUser } from "@nadoy/contract/business";
import type { Db } from "../../db/client.ts";
import { findCompany } from "./business.repository.ts";
import { displayName } from "./business-dto.ts";
import * as repo from "./business-users.repository.ts";

// The business users page (contract business.ts): who the companies' users are and what each was
// given. Clients only unless asked otherwise.

export interface BusinessUsersQuery {
  q: string;
  company_uuid?: string | undefined;
  clients_only: "true" | "false";
  page: number;
}

export async function listBusinessUsers(
  db: Db,
  query: BusinessUsersQuery,
): Promise<{ items: BusinessUser[]; total: number; page: number; page_size: number }> {
  const company = query.company_uuid === undefined ? undefined : ((await findCompany(db, query.company_uuid)) ?? null);
  const { rows, total } = await repo.listBusinessUsers(
    db,
    {
      q: query.q,
      companyId: company === undefined ? undefined : (company?.id ?? null),
      clientsOnly: query.clients_only === "true",
    },
    BUSINESS_PAGE_SIZE,
    (query.page - 1) * BUSINESS_PAGE_SIZE,
  );
  const given = await repo.givenTo(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: displayName(row),
      username: row.username,
      role: row.role === null ? null : Number(row.role),
      is_active: row.isActive,
      companies: given.companies.get(row.id) ?? [],
      farms: given.farms.get(row.id) ?? [],
      databases: given.databases.get(row.id) ?? [],
      reports_count: Number(row.reportsCount),
      iframe_groups_count: Number(row.groupsCount),
    })),
    total,
    page: query.page,
    page_size: BUSINESS_PAGE_SIZE,
  };
}
