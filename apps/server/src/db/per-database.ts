import type { Db } from "./client.ts";

/**
 * `make(db)` once per database handle (prepared statements belong to one connection pool), then
 * the same value: `const prepared = perDatabase(prepare)` instead of a hand-kept WeakMap.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
