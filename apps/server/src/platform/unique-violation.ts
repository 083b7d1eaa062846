/** The unique index a failed write ran into ("" when the driver does not say), or undefined. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  type PgError = { code?: string; constraint?: string };
  const outer = error as PgError & { cause?: PgError };
  const pgError = outer.code === "23505" ? outer : outer.cause?.code === "23505" ? outer.cause : undefined;
  return pgError ? (pgError.constraint ?? "") : undefined;
}
