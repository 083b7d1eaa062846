import { SOMETHING_WENT_WRONG } from "@nadoy/contract/constants";

/** Client-side codes, next to the server's ErrorCode values. */
export const ClientErrorCode = {
  network: "network_error",
  invalidResponse: "invalid_response",
  unexpectedStatus: "unexpected_status",
} as const;

export interface ApiRequestErrorInit {
  /** HTTP status; 0 when the server could not be reached. */
  status: number;
  code: string;
  message: string;
  /** Per-field messages keyed by field name, e.g. { username: "..." }. */
  fields?: Record<string, string>;
}

/** A failed API call: the server's `{code, message, fields?}` with the HTTP status. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(init: ApiRequestErrorInit) {
    super(init.message);
    this.name = "ApiRequestError";
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/**
 * A 401 from a route that needs a token: the token flow (shared/lib/token-flow.ts) is already
 * reloading the page or leaving for /login, so callers show nothing for it.
 */
export function isUnauthorized(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 401;
}

/** The text to show for any failure: the server's message, or the generic one. */
export function errorMessage(error: unknown): string {
  return isApiRequestError(error) && error.message ? error.message : SOMETHING_WENT_WRONG;
}
