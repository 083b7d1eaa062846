import type { Redis } from "ioredis";
import type { Config } from "./config.ts";
import type { Db, DbKind } from "./db/client.ts";
import type { AfterAnswer } from "./platform/after-answer.ts";
import type { ImportGate } from "./platform/imports/import-gate.ts";
import type { FailureCounter } from "./platform/limits/failure-counter.ts";
import type { MailDispatcher } from "./platform/mail/mailer.ts";
import type { RealtimeHub } from "./platform/realtime/hub.ts";

/** What every feature's routes receive: built once in buildApp, the same in tests and production. */
export interface AppDeps {
  config: Config;
  db: Db;
  dbKind: DbKind;
  version: string;
  publicUrl: string;
  loginFailures: FailureCounter;
  /** One file import at a time per user (in Redis when configured: across instances). */
  imports: ImportGate;
  /** Sign-in failures per account (features/auth/login-throttle.ts), shared by instances like loginFailures. */
  accountFailures: FailureCounter;
  /** Signs the device cookies of features/auth/device-cookie.ts (derived from the signing secret). */
  deviceCookieKey: Buffer;
  /** The clock of the account slow-down and device cookies: tests drive it instead of waiting. */
  now: () => number;
  mailer: MailDispatcher;
  /** Work that runs after the answer has gone (what its timing must not reveal). */
  afterAnswer: AfterAnswer;
  /** Sockets, presence and fan-out (in-process, or across instances through Redis). */
  realtime: RealtimeHub;
  redis?: Redis;
  /** Namespace of this deployment's Redis keys (tests give each run its own). */
  redisPrefix: string;
}
