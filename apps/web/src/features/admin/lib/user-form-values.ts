import type { AdminUser, UserModules } from "@nadoy/contract/admin-users";
import type { CreateUserBody, UpdateUserBody } from "../api.ts";

/** The role select's value for «Без роли» (antd selects do not hold null well). */
export const NO_ROLE = 0;

export interface UserFormValues {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: number;
  is_superuser: boolean;
  is_active: boolean;
  company_uuids: string[];
  modules: UserModules;
  /** Farms picked within the companies (none = every farm of them). */
  farm_uuids: string[];
  database_uuids: string[];
  dtm_uuids: string[];
  report_uuids: string[];
  iframe_group_ids: number[];
}

const NO_MODULES: UserModules = {
  dc_305: false,
  export_module: false,
  use_bi: false,
  boards: false,
  table_lists: false,
  tables_enabled: false,
};

/** The form's starting values: the user's, or an empty active user without a role. */
export function formValuesOf(user: AdminUser | undefined): UserFormValues {
  if (!user) {
    return {
      username: "",
      email: "",
      first_name: "",
      last_name: "",
      role: NO_ROLE,
      is_superuser: false,
      is_active: true,
      company_uuids: [],
      modules: { ...NO_MODULES },
      farm_uuids: [],
      database_uuids: [],
      dtm_uuids: [],
      report_uuids: [],
      iframe_group_ids: [],
    };
  }
  return {
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role ?? NO_ROLE,
    is_superuser: user.is_superuser,
    is_active: user.is_active,
    company_uuids: user.companies.map((company) => company.uuid),
    modules: { ...user.modules },
    farm_uuids: user.access.farms.map((farm) => farm.uuid),
    database_uuids: user.access.databases.map((database) => database.uuid),
    dtm_uuids: user.access.dtm.map((entry) => entry.uuid),
    report_uuids: user.access.reports.map((report) => report.uuid),
    iframe_group_ids: user.access.iframe_groups.map((group) => group.pk),
  };
}

const roleOfValue = (role: number) => (role === NO_ROLE ? null : role) as CreateUserBody["role"];

/**
 * POST body: every field. `is_superuser` only when the admin may set it (a superuser): the
 * server refuses it from others.
 */
export function createBodyOf(values: UserFormValues, maySetSuperuser: boolean): CreateUserBody {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    role: roleOfValue(values.role),
    ...(maySetSuperuser ? { is_superuser: values.is_superuser } : {}),
    is_active: values.is_active,
    company_uuids: values.company_uuids,
    modules: values.modules,
    farm_uuids: values.farm_uuids,
    database_uuids: values.database_uuids,
    dtm_uuids: values.dtm_uuids,
    report_uuids: values.report_uuids,
    iframe_group_ids: values.iframe_group_ids,
  };
}

const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]) =>
  a.length === b.length && new Set([...a, ...b]).size === a.length;

/** PATCH body: only what differs from the user as loaded (the audit log then shows just that). */
export function changedFieldsOf(user: AdminUser, values: UserFormValues): UpdateUserBody {
  const before = formValuesOf(user);
  const body: NonNullable<UpdateUserBody> = {};
  for (const key of ["username", "email", "first_name", "last_name"] as const) {
    if (values[key].trim() !== before[key]) body[key] = values[key].trim();
  }
  if (values.role !== before.role) body.role = roleOfValue(values.role);
  if (values.is_superuser !== before.is_superuser) body.is_superuser = values.is_superuser;
  if (values.is_active !== before.is_active) body.is_active = values.is_active;
  if (!sameSet(values.company_uuids, before.company_uuids)) body.company_uuids = values.company_uuids;
  for (const key of ["farm_uuids", "database_uuids", "dtm_uuids", "report_uuids"] as const) {
    if (!sameSet(values[key], before[key])) body[key] = values[key];
  }
  if (!sameSet(values.iframe_group_ids, before.iframe_group_ids)) body.iframe_group_ids = values.iframe_group_ids;
  const modules = Object.fromEntries(
    (Object.keys(before.modules) as (keyof UserModules)[])
      .filter((key) => values.modules[key] !== before.modules[key])
      .map((key) => [key, values.modules[key]]),
  );
  if (Object.keys(modules).length > 0) body.modules = modules;
  return body;
}

const LIST_FIELDS = ["company_uuids", "farm_uuids", "database_uuids", "dtm_uuids", "report_uuids", "iframe_group_ids"];

/** A server field name as the form's field path ("modules.dc_305" → ["modules", "dc_305"]). */
export function formFieldOf(serverField: string): (string | number)[] | null {
  const path = serverField.split(".");
  const [first] = path;
  const known = ["username", "email", "first_name", "last_name", "role", "is_superuser", "is_active"];
  if (path.length === 1 && first && known.includes(first)) return path;
  if (first === "modules" && path.length === 2) return path;
  // A list field, or one of its items ("farm_uuids.0"): the message goes under the list.
  if (first && LIST_FIELDS.includes(first)) return [first];
  return null;
}

type AccessPicks = Pick<UserFormValues, "farm_uuids" | "database_uuids" | "dtm_uuids" | "report_uuids">;

/**
 * The picks that go with companies taken off the user: farms, databases, DTM codes and reports
 * whose company (`owners`: pick uuid → company uuid) is in `removed`. Returns only the lists that
 * change.
 */
export function picksWithout(
  picks: AccessPicks,
  owners: ReadonlyMap<string, string>,
  removed: ReadonlySet<string>,
): Partial<AccessPicks> {
  const changed: Partial<AccessPicks> = {};
  for (const key of ["farm_uuids", "database_uuids", "dtm_uuids", "report_uuids"] as const) {
    const kept = picks[key].filter((uuid) => {
      const owner = owners.get(uuid);
      return owner === undefined || !removed.has(owner);
    });
    if (kept.length !== picks[key].length) changed[key] = kept;
  }
  return changed;
}
