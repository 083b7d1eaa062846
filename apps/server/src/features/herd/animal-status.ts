import { type SQL, sql } from "drizzle-orm";

/** SQL expressions of what decides an animal's status: her current lactation, its dates, how she left. */
export interface AnimalStatusColumns {
  /** Current lactation (int); 0 for a heifer. */
  lact: SQL;
  /** The current lactation's fresh and dry dates (date, null when unknown). */
  freshDate: SQL;
  dryDate: SQL;
  /** 'sold', 'died' or null (text). */
  exit: SQL;
}

/**
 * The status the list, the card and the datasets count by (contract HERD_ANIMAL_STATUSES), as one
 * SQL expression: left first, then heifer (LACT 0), then dry when the dry date is set and no fresh
 * date came after it (a DC305 LIST may still carry the previous lactation's DDAT), else milking.
 * The one rule of every writer of herd_animals (the demo loader, the DC305 commit), so that the
 * tables never disagree: both compute the status in the database with this expression.
 */
export function animalStatusSql(a: AnimalStatusColumns): SQL {
  return sql`(case
    when ${a.exit} is not null then ${a.exit}
    when ${a.lact} = 0 then 'heifer'
    when ${a.dryDate} is not null and (${a.freshDate} is null or ${a.dryDate} >= ${a.freshDate}) then 'dry'
    else 'milking' end)`;
}
