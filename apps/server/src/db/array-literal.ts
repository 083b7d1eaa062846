/**
 * A PostgreSQL array literal of numbers or of ISO times (neither needs quoting): a column of values
 * as one parameter, cast in SQL (`${arrayLiteral(ids)}::bigint[]`) — parsed a column at a time,
 * the same on PGlite and PostgreSQL.
 */
export const arrayLiteral = (items: readonly (number | string)[]): string => `{${items.join(",")}}`;
