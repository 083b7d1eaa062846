import { createHmac } from "node:crypto";
import fastifyCompress from "@fastify/compress";
import fastifyJwt from "@fastify/jwt";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyWebsocket from "@fastify/websocket";
import { applyRussianValidationMessages } from "@nadoy/contract/locale";
import { SOCKET_HEARTBEAT_MS } from "@nadoy/contract/realtime";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import type { AppDeps } from "./app-deps.ts";
import { type Config, publicUrl } from "./config.ts";
import type { Database } from "./db/client.ts";
import { adminUsersRoutes } from "./features/admin-users/admin-users.routes.ts";
import { analyticsRoutes } from "./features/analytics/analytics.routes.ts";
import { apiDocsRoutes } from "./features/api-docs/api-docs.routes.ts";
import { appConfigRoutes } from "./features/app-config/app-config.routes.ts";
import { attachmentsRoutes } from "./features/attachments/attachments.routes.ts";
import { authRoutes } from "./features/auth/auth.routes.ts";
import { ACCOUNT_WINDOW_MS } from "./features/auth/login-throttle.ts";
import { registerBoardSocket } from "./features/boards/board-socket.ts";
import { boardsRoutes } from "./features/boards/boards.routes.ts";
import { boardSocketServices } from "./features/boards/boards.service.ts";
import { businessRoutes } from "./features/business/business.routes.ts";
import { chatRoutes } from "./features/chat/chat.routes.ts";
import { contentNewsRoutes } from "./features/content-news/content-news.routes.ts";
import { contentNotificationsRoutes } from "./features/content-notifications/content-notifications.routes.ts";
import { dtmRoutes } from "./features/dtm/dtm.routes.ts";
import { healthRoutes } from "./features/health/health.routes.ts";
import { herdFilesRoutes } from "./features/herd/files/herd-files.routes.ts";
import { herdReadRoutes } from "./features/herd/herd.routes.ts";
import { herdReportRoutes } from "./features/herd/reports/reports.routes.ts";
import { herdSegmentRoutes } from "./features/herd/segments/segments.routes.ts";
import { herdSettingsRoutes } from "./features/herd/settings/settings.routes.ts";
import { herdSpreadsheetRoutes } from "./features/herd/spreadsheet/spreadsheet.routes.ts";
import { herdUploadRoutes } from "./features/herd/upload/herd-upload.routes.ts";
import { instructionsRoutes } from "./features/instructions/instructions.routes.ts";
import { keysRoutes } from "./features/keys/keys.routes.ts";
import { monitoringIngestRoutes } from "./features/monitoring/ingest.routes.ts";
import { monitoringReadRoutes } from "./features/monitoring/monitoring.routes.ts";
import { dropExpiredReadings } from "./features/monitoring/retention.ts";
import { monitoringModelRoutes } from "./features/monitoring-model/monitoring-model.routes.ts";
import { newsRoutes } from "./features/news/news.routes.ts";
import { reportsRoutes } from "./features/reports/reports.routes.ts";
import { tableListsRoutes } from "./features/table-lists/table-lists.routes.ts";
import { usageRoutes } from "./features/usage/usage.routes.ts";
import { usersRoutes } from "./features/users/users.routes.ts";
import { companiesOfUsers } from "./platform/access/memberships.ts";
import { AfterAnswer } from "./platform/after-answer.ts";
import { pruneUnclaimedAttachments } from "./platform/attachments/attachments.repository.ts";
import { CallerCache } from "./platform/auth/caller-cache.ts";
import { liveSessions } from "./platform/auth/session.repository.ts";
import { installErrorHandler } from "./platform/errors.ts";
import { memoryImportGate, redisImportGate } from "./platform/imports/import-gate.ts";
import { type FailureCounter, memoryFailureCounter, redisFailureCounter } from "./platform/limits/failure-counter.ts";
import { consoleTransport, MailDispatcher, type MailTransport, smtpTransport } from "./platform/mail/mailer.ts";
import { databaseEventLog, pruneEvents } from "./platform/realtime/event-log.ts";
import { RealtimeHub } from "./platform/realtime/hub.ts";
import { registerMainSocket } from "./platform/realtime/main-socket.ts";
import { memoryBackend } from "./platform/realtime/memory-backend.ts";
import { hintRecipients } from "./platform/realtime/notification-hints.ts";
import { redisBackend } from "./platform/realtime/redis-backend.ts";
import { responseSerializerCompiler } from "./platform/response-serializer.ts";
import { recordRouteTable } from "./platform/route-table.ts";
import { checkSilentSources, SILENT_CHECK_MS } from "./platform/silent-sources.ts";
import { builtPageScriptHashes, installSecurityHeaders, installWeb } from "./platform/web.ts";
import { installWellFormedJsonParser } from "./platform/well-formed-json.ts";

export interface AppOptions {
  config: Config;
  database: Database;
  signingSecret: string;
  version: string;
  redis?: Redis;
  /** The built SPA folder; without it only the API is served. */
  webDist?: string;
  logger?: FastifyServerOptions["logger"];
  mailTransport?: MailTransport;
  loginFailures?: FailureCounter;
  /** The clock of the per-account sign-in slow-down and device cookies (tests pass a fake one). */
  now?: () => number;
  /** Prefix of this app's Redis keys; tests give each app its own. */
  redisPrefix?: string;
  /** Socket ping and presence heartbeat interval; 0 = only when `app.realtime.heartbeat()` is called (tests). */
  heartbeatMs?: number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The realtime hub of this instance (sockets, presence, fan-out). */
    realtime: RealtimeHub;
    /** Work started after an answer; tests await `app.afterAnswer.settled()` instead of waiting. */
    afterAnswer: AfterAnswer;
  }
}

/** Access tokens travel in the main socket's query: keep them out of the request log. */
function redactedUrl(url: string): string {
  return url.replace(/([?&]token=)[^&]*/gi, "$1[redacted]");
}

applyRussianValidationMessages();

/** The whole server, with its database and services injected: main.ts and the tests build it alike. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, redis } = options;
  const appUrl = publicUrl(config);
  const redisPrefix = options.redisPrefix ?? "nadoy:";
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactedUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    // Only the listed proxies' X-Forwarded-For counts: the address is the last one none of them added.
    trustProxy: config.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    // Unknown JSON keys are rejected by the schemas, not silently dropped.
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  recordRouteTable(app);
  installErrorHandler(app);
  installWellFormedJsonParser(app);
  installSecurityHeaders(app, {
    yandexMetrika: config.YANDEX_METRIKA_ID !== undefined,
    https: appUrl.startsWith("https:"),
    scriptHashes: builtPageScriptHashes(options.webDist),
  });

  // gzip at level 4 (browsers take brotli, at the plugin's quality 4): a year's chart of 400 KB of
  // JSON took 4.7 ms at the default level 6 and takes 2.1 ms, for 4 % more bytes. Answers up to
  // 64 KB (a report's JSON) are compressed in one go on the event loop, not streamed through the
  // thread pool (the plugin's default on 2 cores was 8 KB): report 1's p95 fell 10–25 % (A/B).
  await app.register(fastifyCompress, { threshold: 1024, zlibOptions: { level: 4 }, syncThreshold: 65_536 });
  await app.register(fastifyJwt, { secret: options.signingSecret });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis && { redis, nameSpace: `${redisPrefix}rl:` }),
  });

  const heartbeatMs = options.heartbeatMs ?? SOCKET_HEARTBEAT_MS;
  const realtime = new RealtimeHub(
    redis
      ? redisBackend(redis, {
          prefix: `${redisPrefix}rt:`,
          instanceTtlMs: 3 * (heartbeatMs || SOCKET_HEARTBEAT_MS),
          log: app.log,
        })
      : memoryBackend(),
    app.log,
    {
      heartbeatMs,
      liveSessions: (ids) => liveSessions(database.db, ids),
      memberships: (ids) => companiesOfUsers(database.db, ids),
    },
    databaseEventLog(database.db),
  );
  await realtime.start();
  const callers = new CallerCache();
  realtime.onCallersChange((change) => callers.forget(change));
  app.decorate("callers", callers);
  // Old numbered events are only for reconnects: a day is kept. Files nobody attached within
  // ATTACHMENT_UNCLAIMED_HOURS go too. Any instance may prune: each is one DELETE.
  const pruning = setInterval(
    () => {
      pruneEvents(database.db).catch((error: unknown) => app.log.warn({ err: error }, "realtime: prune failed"));
      pruneUnclaimedAttachments(database.db).catch((error: unknown) =>
        app.log.warn({ err: error }, "attachments: prune failed"),
      );
      if (config.MONITORING_RETENTION_MONTHS) {
        dropExpiredReadings(database.db, config.MONITORING_RETENTION_MONTHS).catch((error: unknown) =>
          app.log.warn({ err: error }, "monitoring: retention failed"),
        );
      }
    },
    60 * 60 * 1000,
  );
  pruning.unref();
  app.addHook("onClose", async () => clearInterval(pruning));
  // Keys that stopped sending (platform/silent-sources.ts): marked and reported once, whichever
  // instance gets there first.
  const silentCheck = setInterval(() => {
    checkSilentSources(database.db, new Date())
      .then((userIds) => hintRecipients(realtime, app.log, userIds))
      .catch((error: unknown) => app.log.warn({ err: error }, "silent sources: check failed"));
  }, SILENT_CHECK_MS);
  silentCheck.unref();
  app.addHook("onClose", async () => clearInterval(silentCheck));
  app.decorate("realtime", realtime);
  // Before the websocket plugin's own preClose: sockets close with 1001 and presence is left first.
  app.addHook("preClose", () => realtime.stop());
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  const loginFailures =
    options.loginFailures ??
    (redis ? redisFailureCounter(redis, 60_000, `${redisPrefix}fail:`) : memoryFailureCounter(60_000));
  const mailer = new MailDispatcher(
    database.db,
    options.mailTransport ??
      (config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : consoleTransport(app.log)),
    app.log,
  );
  const now = options.now ?? Date.now;
  const accountFailures = redis
    ? redisFailureCounter(redis, ACCOUNT_WINDOW_MS, `${redisPrefix}acct:`, now)
    : memoryFailureCounter(ACCOUNT_WINDOW_MS, now);
  mailer.start();
  const afterAnswer = new AfterAnswer(app.log);
  app.decorate("afterAnswer", afterAnswer);

  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    version: options.version,
    publicUrl: appUrl,
    loginFailures,
    imports: redis ? redisImportGate(redis, `${redisPrefix}import:`) : memoryImportGate(),
    accountFailures,
    deviceCookieKey: createHmac("sha256", options.signingSecret).update("nadoy device cookie").digest(),
    now,
    mailer,
    afterAnswer,
    realtime,
    ...(redis && { redis }),
    redisPrefix,
  };

  healthRoutes(app, deps);
  appConfigRoutes(app, deps);
  authRoutes(app, deps);
  usersRoutes(app, deps);
  newsRoutes(app, deps);
  analyticsRoutes(app, deps);
  tableListsRoutes(app, deps);
  attachmentsRoutes(app, deps);
  chatRoutes(app, deps);
  adminUsersRoutes(app, deps);
  contentNewsRoutes(app, deps);
  contentNotificationsRoutes(app, deps);
  instructionsRoutes(app, deps);
  businessRoutes(app, deps);
  reportsRoutes(app, deps);
  usageRoutes(app, deps);
  herdReadRoutes(app, deps);
  herdUploadRoutes(app, deps);
  herdSegmentRoutes(app, deps);
  herdReportRoutes(app, deps);
  herdSettingsRoutes(app, deps);
  herdSpreadsheetRoutes(app, deps);
  herdFilesRoutes(app, deps);
  keysRoutes(app, deps);
  dtmRoutes(app, deps);
  monitoringIngestRoutes(app, deps);
  monitoringReadRoutes(app, deps);
  monitoringModelRoutes(app, deps);
  const boards = boardsRoutes(app, deps);
  registerBoardSocket(app, deps, boardSocketServices(deps, boards));
  apiDocsRoutes(app, deps);
  registerMainSocket(app, deps.db, realtime);
  await installWeb(app, options.webDist);

  app.addHook("onClose", async () => {
    await afterAnswer.settled();
    await mailer.stop();
    await loginFailures.close?.();
    await accountFailures.close?.();
  });
  return app;
}
