import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import {
  type ApiKey,
  type CreatedKey,
  type CreateKeyInput,
  KEY_SCOPE_DATABASE_KIND,
  KEY_SCOPE_LABELS,
  type KeygenWorkspace,
  type KeyState,
} from "@nadoy/contract/keys";
import { displayName } from "@nadoy/contract/users";
import type { Db } from "../../db/client.ts";
import { audit } from "../../platform/audit.ts";
import { newKeySecret } from "../../platform/auth/api-keys.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import * as repo from "./keys.repository.ts";

// The key generator's rules (contract keys.ts): who manages which workspace, what a key may write
// into, the secret shown once.

const notFound = (fields?: Record<string, string>) =>
  new ApiError(404, ErrorCode.notFound, fields ? "База не найдена среди баз компании" : ErrorText.notFound, fields);

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const person = (id: number | null, username: string | null, first: string | null, last: string | null) =>
  id === null || username === null
    ? null
    : { id, name: displayName({ username, first_name: first ?? "", last_name: last ?? "" }) };

export function keyState(row: Pick<repo.KeyRow, "revoked_at" | "expires_at">, now: number): KeyState {
  if (row.revoked_at !== null) return "revoked";
  if (row.expires_at !== null && new Date(row.expires_at).getTime() <= now) return "expired";
  return "active";
}

function toDto(row: repo.KeyRow, now: number): ApiKey {
  return {
    uuid: row.uuid,
    name: row.name,
    scope: row.scope,
    database: { uuid: row.database_uuid, name: row.database_name },
    dtm_code: row.dtm_code,
    hint: row.hint,
    expires_at: iso(row.expires_at),
    created_by: person(row.creator_id, row.creator_username, row.creator_first_name, row.creator_last_name),
    created_at: iso(row.created_at) as string,
    last_used_at: iso(row.last_used_at),
    last_used_ip: row.last_used_ip,
    revoked_at: iso(row.revoked_at),
    revoked_by: person(row.revoker_id, row.revoker_username, row.revoker_first_name, row.revoker_last_name),
    state: keyState(row, now),
    expected_interval_min: row.expected_interval_min,
    silent_since: iso(row.silent_since),
  };
}

export function createKeysService(db: Db) {
  async function workspaceFor(caller: AuthUser, uuid: string) {
    const workspace = await repo.findWorkspace(db, caller, uuid);
    if (!workspace) throw notFound();
    return workspace;
  }

  return {
    async workspace(caller: AuthUser, uuid: string): Promise<KeygenWorkspace> {
      const workspace = await workspaceFor(caller, uuid);
      const [databases, dtmCodes, keys] = await Promise.all([
        repo.companyDatabases(db, caller, workspace.companyId),
        repo.companyDtmCodes(db, caller, workspace.companyId),
        repo.workspaceKeys(db, workspace.id),
      ]);
      const now = Date.now();
      return {
        uuid: workspace.uuid,
        name: workspace.name,
        databases: databases.map(({ uuid: dbUuid, name, kind }) => ({
          uuid: dbUuid,
          name,
          kind: kind === "monitoring" ? "monitoring" : "herd",
        })),
        dtm_codes: dtmCodes,
        keys: keys.map((row) => toDto(row, now)),
      };
    },

    async create(caller: AuthUser, uuid: string, input: CreateKeyInput, ip: string): Promise<CreatedKey> {
      const workspace = await workspaceFor(caller, uuid);
      const databases = await repo.companyDatabases(db, caller, workspace.companyId);
      const database = databases.find((d) => d.uuid === input.database_uuid);
      if (!database) throw notFound({ database_uuid: "База не найдена среди баз компании" });
      const wanted = KEY_SCOPE_DATABASE_KIND[input.scope];
      if (database.kind !== wanted) {
        throw validationError({
          database_uuid: `Для ключа «${KEY_SCOPE_LABELS[input.scope]}» нужна база ${wanted === "monitoring" ? "мониторинга" : "данных стада"}`,
        });
      }
      const dtmCode = input.dtm_code ?? null;
      if (dtmCode !== null && !(await repo.companyDtmCodes(db, caller, workspace.companyId)).includes(dtmCode)) {
        throw validationError({ dtm_code: "Этот код DTM вам не открыт" });
      }
      const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) {
        throw validationError({ expires_at: "Срок действия должен быть в будущем" });
      }
      const { secret, hash, hint } = newKeySecret();
      const id = await db.transaction(async (tx) => {
        const keyId = await repo.insertKey(tx, {
          workspaceId: workspace.id,
          name: input.name,
          scope: input.scope,
          databaseId: database.id,
          secretHash: hash,
          hint,
          dtmCode,
          expiresAt,
          expectedIntervalMin: input.expected_interval_min ?? null,
          createdById: caller.id,
        });
        await audit(tx, {
          action: "api_key_created",
          userId: caller.id,
          ip,
          details: { key_id: keyId, name: input.name, scope: input.scope, database_id: database.id },
        });
        return keyId;
      });
      const row = await repo.keyById(db, id);
      if (!row) throw new Error("key read back");
      return { key: toDto(row, Date.now()), secret };
    },

    async revoke(caller: AuthUser, uuid: string, ip: string): Promise<ApiKey> {
      const key = await repo.findKey(db, caller, uuid);
      if (!key) throw notFound();
      await db.transaction(async (tx) => {
        await repo.revokeKey(tx, key.id, caller.id);
        await audit(tx, { action: "api_key_revoked", userId: caller.id, ip, details: { key_id: key.id } });
      });
      const row = await repo.keyById(db, key.id);
      if (!row) throw notFound();
      return toDto(row, Date.now());
    },
  };
}
