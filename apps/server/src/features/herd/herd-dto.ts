import {
  HERD_ANIMAL_STATUSES,
  HERD_UPLOAD_NO_COUNTS,
  type HerdAnimalRow,
  type HerdAnimalStatus,
  type HerdDataset,
  type HerdEvent,
  type HerdUploadCounts,
  type HerdUploadRecord,
  herdEventName,
} from "@nadoy/contract/herd";
import { displayName } from "@nadoy/contract/users";
import type { AnimalRow } from "./animals.repository.ts";
import type { DatasetRow } from "./datasets.repository.ts";
import type { EventRow } from "./events.repository.ts";
import type { UploadJsonRow } from "./uploads.repository.ts";

// Repository rows → the contract's shapes (only its fields go out).

export function animalOut(r: AnimalRow): HerdAnimalRow {
  return {
    uuid: r.uuid,
    barn_number: r.barn_number,
    ear_tag: r.ear_tag,
    birth_date: r.birth_date,
    breed: r.breed,
    status: r.status,
    lact: r.lact,
    pen: r.pen,
    dim: r.dim,
    rc: r.rc,
    fresh_date: r.fresh_date,
    exit_date: r.exit_date,
  };
}

/** An event with its Russian name; an unknown code is its own name. */
export function eventOut(r: EventRow): HerdEvent {
  return {
    id: r.id,
    date: r.date,
    code: r.code,
    name: herdEventName(r.code),
    lact: r.lact,
    dim: r.dim,
    remark: r.remark,
    protocol: r.protocol,
    technician: r.technician,
  };
}

/** Stored counts over zeros: a staged or failed upload may not have every figure. */
function countsOut(stored: Record<string, unknown>): HerdUploadCounts {
  const counts = { ...HERD_UPLOAD_NO_COUNTS };
  for (const key of Object.keys(HERD_UPLOAD_NO_COUNTS) as (keyof HerdUploadCounts)[]) {
    const value = Number(stored[key]);
    if (Number.isInteger(value) && value >= 0) counts[key] = value;
  }
  return counts;
}

/** Who uploaded (or owns) something, as the contract names a person; null once the user is deleted. */
export function personOut(r: {
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
}): { id: number; name: string } | null {
  if (r.user_id === null || r.username === null) return null;
  return {
    id: r.user_id,
    name: displayName({ username: r.username, first_name: r.first_name ?? "", last_name: r.last_name ?? "" }),
  };
}

export function uploadOut(r: UploadJsonRow): HerdUploadRecord {
  return {
    upload_uuid: r.upload_uuid,
    database: { uuid: r.database_uuid, name: r.database_name },
    user: personOut(r),
    file_name: r.file_name,
    size_bytes: Number(r.size_bytes),
    format: r.format as HerdUploadRecord["format"],
    kind: r.kind as HerdUploadRecord["kind"],
    status: r.status as HerdUploadRecord["status"],
    counts: countsOut(r.counts ?? {}),
    errors_count: Number(r.errors_count),
    duration_ms: Number(r.duration_ms),
    created_at: r.created_at,
    committed_at: r.committed_at,
  };
}

export function datasetOut(r: DatasetRow, canUpload: boolean): HerdDataset {
  const byStatus = Object.fromEntries(
    HERD_ANIMAL_STATUSES.map((status) => [status, Number(r.animals_by_status[status] ?? 0)]),
  ) as Record<HerdAnimalStatus, number>;
  const range = (x: DatasetRow["events"]) => ({ count: Number(x.count), from: x.from, to: x.to });
  return {
    uuid: r.uuid,
    name: r.name,
    company: { uuid: r.company_uuid, name: r.company_name },
    farm: r.farm_uuid === null || r.farm_name === null ? null : { uuid: r.farm_uuid, name: r.farm_name },
    animals_by_status: byStatus,
    events: range(r.events),
    test_days: range(r.test_days),
    last_upload: r.last_upload === null ? null : uploadOut(r.last_upload),
    can_upload: canUpload,
  };
}
