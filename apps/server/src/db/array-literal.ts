/**
 * A PostgreSQL array literal of numbers or of ISO times (neither needs quoting), null as NULL: a
 * column of values as one parameter, cast in SQL (`${arrayLiteral(ids)}::bigint[]`) — parsed a
 * column at a time, the same on PGlite and PostgreSQL.
 */
export const arrayLiteral = (items: readonly (number | string | null)[]): string =>
  `{${items.map((item) => (item === null ? "NULL" : item)).join(",")}}`;
