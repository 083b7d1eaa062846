import { z } from "zod";
import { defineRoute } from "./http.ts";
import { hasRoleOrSuperuser, Role, type RoleId } from "./roles.ts";
import type { DatabaseKind } from "./users.ts";

// ---- key generator (issue 19, spec §2 /services/key_generator/:uuid?, DOMAIN.md "Key generator") ----
//
// A keygen workspace is a company's place for the keys its upload agents and monitoring devices
// send data with: one per company, made with the company (and for every company that existed
// before), named after it. users/data lists in keygen_workspaces the workspaces the caller may
// manage: superusers every company's, members of roles KEY_MANAGER_ROLES their companies'.
// Viewers (6) and clients (7) only read data, so they issue no keys and the menu item stays hidden
// for them (spec §6 "key generator: workspaces").
//
// A key is shown once, in the answer that creates it; the server keeps only its sha256. It is
// scoped to one database of the workspace's company: `ingest` sends readings into a monitoring
// database (POST /api/monitoring/ingest/), `herd_upload` uploads herd files into a herd database.
// The creator must see that database (platform/access: given, active). A key may expire; a
// revoked or expired key is refused 401 at once and writes nothing. Every call a key makes is
// recorded with its time and address (last_used_*), and every batch in the transfer log (the DTM
// module lists it by the key's DTM code).
//
// Answers: a workspace the caller may not manage (another company's, unknown) 404; a database
// not the workspace company's or not visible 404 (fields.database_uuid); a database of the wrong
// kind for the scope, or a DTM code the caller does not see (not the company's, or not given to
// them: a key bound to it would log where they cannot look), 400 with fields.
//
// A key may have an expected interval: when it sends nothing for longer (counted from its last
// transfer, or its creation), the company's staff (roles 1–5) get one bell notification, and one
// more when it sends again (server platform/silent-sources.ts).

/** Roles (besides superusers) that issue and revoke their companies' keys: all but viewers and clients. */
export const KEY_MANAGER_ROLES: readonly RoleId[] = [
  Role.admin,
  Role.contentEditor,
  Role.zootechnician,
  Role.agronomist,
  Role.farmManager,
];

/** Whether the user issues keys at all (then in every workspace of their companies). */
export function canManageKeys(user: { groups: readonly number[]; is_superuser: boolean }): boolean {
  return hasRoleOrSuperuser({ groups: [...user.groups], is_superuser: user.is_superuser }, KEY_MANAGER_ROLES);
}

export const KEY_SCOPES = ["ingest", "herd_upload"] as const;
export const keyScopeSchema = z.enum(KEY_SCOPES);
export type KeyScope = z.infer<typeof keyScopeSchema>;

/** The database kind each scope writes into. */
export const KEY_SCOPE_DATABASE_KIND: Record<KeyScope, DatabaseKind> = {
  ingest: "monitoring",
  herd_upload: "herd",
};

export const KEY_SCOPE_LABELS: Record<KeyScope, string> = {
  ingest: "Показания мониторинга",
  herd_upload: "Загрузка данных стада",
};

/** The secret's prefix: tells a Nadoy key apart in a config file or a leaked log. */
export const KEY_SECRET_PREFIX = "ndk_";
/** The header a key is sent in: `Authorization: Key ndk_…`. */
export const KEY_AUTH_SCHEME = "Key";

export const KEY_NAME_MAX = 100;
/** The longest expected interval between a key's transfers: a week, in minutes. */
export const KEY_EXPECTED_INTERVAL_MAX = 7 * 24 * 60;
export const DTM_CODE_MAX = 64;

export const KEY_STATES = ["active", "expired", "revoked"] as const;
export type KeyState = (typeof KEY_STATES)[number];
export const KEY_STATE_LABELS: Record<KeyState, string> = {
  active: "Действует",
  expired: "Истёк",
  revoked: "Отозван",
};

const person = z.object({ id: z.number().int(), name: z.string() });

export const apiKeySchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  scope: keyScopeSchema,
  database: z.object({ uuid: z.uuid(), name: z.string() }),
  dtm_code: z.string().nullable(),
  /** The secret's first characters (prefix and 4 more), to tell keys apart; never the secret. */
  hint: z.string(),
  expires_at: z.iso.datetime().nullable(),
  /** Null once that user is deleted. */
  created_by: person.nullable(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.iso.datetime().nullable(),
  revoked_by: person.nullable(),
  state: z.enum(KEY_STATES),
  /** How often the key should send, in minutes; longer silence is reported once to the company's staff. */
  expected_interval_min: z.number().int().nullable(),
  /** Since when the key has been reported silent; null once it sends again. */
  silent_since: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const keygenWorkspaceSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  /** The company's active databases the caller sees, of the kinds a key can write into, by name. */
  databases: z.array(z.object({ uuid: z.uuid(), name: z.string(), kind: z.enum(["herd", "monitoring"]) })),
  /** The company's DTM codes the caller sees (users/data `dtm`; a key may be bound to one), by code. */
  dtm_codes: z.array(z.string()),
  /** Newest first, revoked ones included. */
  keys: z.array(apiKeySchema),
});
export type KeygenWorkspace = z.infer<typeof keygenWorkspaceSchema>;

export const createKeySchema = z.strictObject({
  name: z.string().trim().min(1).max(KEY_NAME_MAX),
  scope: keyScopeSchema,
  database_uuid: z.uuid(),
  /** Must be in the future; none: the key does not expire. */
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  dtm_code: z.string().trim().min(1).max(DTM_CODE_MAX).nullable().optional(),
  /** Minutes; none: the key is never reported silent. */
  expected_interval_min: z.number().int().min(1).max(KEY_EXPECTED_INTERVAL_MAX).nullable().optional(),
});
export type CreateKeyInput = z.infer<typeof createKeySchema>;

export const createdKeySchema = z.object({
  key: apiKeySchema,
  /** The whole secret: shown once, here; the server cannot show it again. */
  secret: z.string(),
});
export type CreatedKey = z.infer<typeof createdKeySchema>;

const workspaceParams = z.object({ uuid: z.uuid() });

export const getKeygenWorkspace = defineRoute({
  method: "GET",
  path: "/api/keys/workspaces/:uuid/",
  auth: { roles: KEY_MANAGER_ROLES },
  params: workspaceParams,
  response: keygenWorkspaceSchema,
  summary: "Рабочее пространство ключей: базы, коды DTM и ключи",
});

export const createKey = defineRoute({
  method: "POST",
  path: "/api/keys/workspaces/:uuid/keys/",
  auth: { roles: KEY_MANAGER_ROLES },
  status: 201,
  params: workspaceParams,
  body: createKeySchema,
  response: createdKeySchema,
  rateLimit: { max: 30, timeWindowMs: 60_000 },
  summary: "Создать ключ: секрет показывается один раз, в этом ответе",
});

/** Revoking an already revoked key answers it as it is (200). */
export const revokeKey = defineRoute({
  method: "POST",
  path: "/api/keys/:uuid/revoke/",
  auth: { roles: KEY_MANAGER_ROLES },
  params: z.object({ uuid: z.uuid() }),
  response: apiKeySchema,
  summary: "Отозвать ключ: дальше им ничего не принять",
});
