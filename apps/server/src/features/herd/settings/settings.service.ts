import type { HerdSettings, HerdSettingsInput } from "@nadoy/contract/herd-settings";
import type { Db } from "../../../db/client.ts";
import { canUploadHerd } from "../../../platform/access/herd-upload.ts";
import type { AuthUser } from "../../../platform/auth/guard.ts";
import { forbidden } from "../../../platform/errors.ts";
import { herdDatabaseFor } from "../herd-access.ts";
import { readHerdSettings, writeHerdSettings } from "./settings.repository.ts";

// A herd database's settings (contract herd-settings.ts): its readers read them; those who may
// upload to it (everyone but viewers and clients) change them.

export function createHerdSettingsService(db: Db) {
  const out = (vwpDays: number, caller: AuthUser): HerdSettings => ({
    vwp_days: vwpDays,
    editable: canUploadHerd(caller),
  });
  return {
    async get(caller: AuthUser, dbUuid: string): Promise<HerdSettings> {
      const database = await herdDatabaseFor(db, caller, dbUuid);
      return out((await readHerdSettings(db, database.id)).vwpDays, caller);
    },
    async update(caller: AuthUser, dbUuid: string, input: HerdSettingsInput): Promise<HerdSettings> {
      const database = await herdDatabaseFor(db, caller, dbUuid);
      if (!canUploadHerd(caller)) throw forbidden();
      await writeHerdSettings(db, database.id, { vwpDays: input.vwp_days });
      return out(input.vwp_days, caller);
    },
  };
}
