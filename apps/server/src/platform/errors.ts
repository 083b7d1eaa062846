import { type ApiErrorBody, ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { fieldLabel } from "@nadoy/contract/field-labels";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

/** Thrown anywhere in a request; the error handler turns it into `{code, message}` JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** Where in a typed text the mistake is (the body's `position`). */
    readonly position?: number,
  ) {
    super(message);
  }
}

export const unauthorized = (message: string = ErrorText.unauthorized, code: string = ErrorCode.unauthorized) =>
  new ApiError(401, code, message);
export const forbidden = () => new ApiError(403, ErrorCode.forbidden, ErrorText.forbidden);
export const validationError = (fields: Record<string, string>, message: string = ErrorText.validation) =>
  new ApiError(400, ErrorCode.validation, message, fields);

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22) that only input can cause: a number past a
 * column's range (an id of 2^31), a NUL character or a byte sequence text cannot hold. The query
 * failed, so nothing was written (the transaction rolls back); the input was bad: 400.
 */
const INPUT_DATA_EXCEPTIONS = new Set(["22003", "22021", "22P05"]);

function isInputDataException(error: unknown): boolean {
  type PgError = { code?: unknown; cause?: PgError };
  const outer = error as PgError;
  return [outer.code, outer.cause?.code].some((code) => typeof code === "string" && INPUT_DATA_EXCEPTIONS.has(code));
}

/** Maps Fastify's own errors (bad JSON, too large, wrong content type) to our codes. */
function fromFastifyError(error: FastifyError): ApiErrorBody & { status: number } {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, code: ErrorCode.invalidJson, message: ErrorText.invalidJson };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, code: ErrorCode.payloadTooLarge, message: ErrorText.payloadTooLarge };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return { status: 415, code: ErrorCode.unsupportedMediaType, message: "Неподдерживаемый тип содержимого" };
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, code: ErrorCode.tooManyRequests, message: ErrorText.tooManyRequests };
  if (status >= 400 && status < 500) return { status, code: ErrorCode.validation, message: error.message };
  return { status: 500, code: ErrorCode.internal, message: ErrorText.internal };
}

/**
 * A 400's message from its first field: the message itself when it names the field («Введите
 * заголовок»), else the field's Russian label before it («Имя: Не более 150 символов»); never
 * the key (first_name).
 */
function summaryOf(key: string, message: string): string {
  const label = key === "_" ? undefined : fieldLabel(key.split("."));
  const named = label === undefined || message.toLowerCase().includes(label.toLowerCase());
  return named ? message : `${label}: ${message}`;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      const body: ApiErrorBody = { code: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      if (error.position !== undefined) body.position = error.position;
      return reply.code(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const prefix = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        // An unknown field is reported under its own name, so a form can point at it.
        const unknownKeys =
          issue.keyword === "unrecognized_keys" ? (issue.params as { keys?: string[] }).keys : undefined;
        if (unknownKeys?.length) {
          for (const name of unknownKeys) fields[prefix ? `${prefix}.${name}` : name] ??= "Неизвестное поле";
          continue;
        }
        fields[prefix || "_"] ??= issue.message ?? ErrorText.validation;
      }
      const first = Object.entries(fields)[0];
      const message = first ? summaryOf(first[0], first[1]) : ErrorText.validation;
      return reply.code(400).send({ code: ErrorCode.validation, message, fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response does not match its schema");
      return reply.code(500).send({ code: ErrorCode.internal, message: ErrorText.internal });
    }
    if (isInputDataException(error)) {
      return reply.code(400).send({ code: ErrorCode.validation, message: ErrorText.validation });
    }
    const mapped = fromFastifyError(error);
    if (mapped.status >= 500) request.log.error({ err: error }, "unhandled error");
    return reply.code(mapped.status).send({ code: mapped.code, message: mapped.message });
  });
}
