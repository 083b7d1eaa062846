import { isIP } from "node:net";
import { HERD_UPLOAD_BYTES_DEFAULT } from "@nadoy/contract/herd";
import { HERD_FILES_COMPANY_BYTES_DEFAULT } from "@nadoy/contract/herd-files";
import { z } from "zod";

const optionalUrl = (what: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.url(`${what}: нужен URL / must be a URL`).optional())
    .optional();

/** proxy-addr's names for loopback and private networks: where a load balancer of ours would be. */
export const TRUST_PRIVATE_PROXIES = "loopback, linklocal, uniquelocal";

/** One item of TRUST_PROXY as proxy-addr reads it: a name above, an address, or address/prefix. */
function isProxyAddress(item: string): boolean {
  const value = item.trim();
  if (["loopback", "linklocal", "uniquelocal"].includes(value)) return true;
  const [address = "", prefix, ...rest] = value.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) ? bits <= (version === 4 ? 32 : 128) : version === 4 && isIP(prefix) === 4;
}

const flag = z.enum(["0", "1"], { error: "ожидается 0 или 1 / expected 0 or 1" }).optional();

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./.data"),
  DATABASE_URL: optionalUrl("DATABASE_URL"),
  REDIS_URL: optionalUrl("REDIS_URL"),
  NADOY_DEMO: flag,
  PUBLIC_URL: optionalUrl("PUBLIC_URL"),
  JWT_SECRET: z
    .string()
    .min(32, "JWT_SECRET: не короче 32 символов / at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(30 * 86_400),
  SMTP_URL: optionalUrl("SMTP_URL"),
  MAIL_FROM: z.string().default("Надой <no-reply@nadoy.local>"),
  YANDEX_CLIENT_ID: z.string().optional(),
  YANDEX_CLIENT_SECRET: z.string().optional(),
  YANDEX_AUTHORIZE_URL: z.url().default("https://oauth.yandex.ru/authorize"),
  YANDEX_TOKEN_URL: z.url().default("https://oauth.yandex.ru/token"),
  YANDEX_INFO_URL: z.url().default("https://login.yandex.ru/info"),
  YANDEX_METRIKA_ID: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^\d{1,20}$/, "YANDEX_METRIKA_ID: только цифры / digits only")
        .optional(),
    )
    .optional(),
  /** Host (and port) of the board sockets when they are served apart from the site; empty = the site's own. */
  BOARD_SOCKET_HOST: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, "BOARD_SOCKET_HOST: host or host:port")
        .optional(),
    )
    .optional(),
  /**
   * Which peers may tell the client's address in X-Forwarded-For: off when empty or 0; `1` = proxies
   * on loopback and private networks; or a comma list of addresses, CIDRs and those names. Never
   * "everyone": then a client could name any address and step around every per-address limit.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((v) => (v === "" || v === "0" ? undefined : v === "1" ? TRUST_PRIVATE_PROXIES : v))
    .refine((v) => v === undefined || v.split(",").every(isProxyAddress), {
      message: "TRUST_PROXY: 0, 1 или адреса и подсети через запятую / 0, 1 or comma-separated addresses and CIDRs",
    })
    .optional(),
  /** Largest herd file upload (bytes): 413 from its Content-Length, or once that much has arrived. */
  HERD_UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(HERD_UPLOAD_BYTES_DEFAULT),
  /**
   * Kept herd files per company (bytes, contract herd-files.ts): an upload that would take the
   * company's kept files past it → 413 quota_exceeded, nothing kept.
   */
  HERD_FILES_COMPANY_BYTES_MAX: z.coerce.number().int().min(1).default(HERD_FILES_COMPANY_BYTES_DEFAULT),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Monitoring readings kept (whole UTC months before the current one); older months' partitions
   * are dropped at startup and daily, their hourly and daily rollups kept. Empty: kept for good.
   */
  MONITORING_RETENTION_MONTHS: z
    .string()
    .trim()
    .regex(/^\d{0,4}$/, "MONITORING_RETENTION_MONTHS: целое число месяцев / whole months")
    .transform((v) => (v === "" ? undefined : Number(v)))
    .refine((v) => v === undefined || v >= 1, "MONITORING_RETENTION_MONTHS: не меньше 1 / at least 1")
    .optional(),
  /** The MQTT broker the server takes gateways' readings from (features/monitoring/mqtt-ingest.ts); empty: no MQTT. */
  MQTT_URL: optionalUrl("MQTT_URL"),
});
export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws one message listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(Object.keys(configSchema.shape).map((k) => [k, env[k]]));
  const result = configSchema.safeParse(known);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Ошибка конфигурации / configuration error (see .env.example):\n${lines.join("\n")}`);
  }
  return result.data;
}

/** Demo data: on by default with the embedded database, off with DATABASE_URL unless NADOY_DEMO=1. */
export function demoEnabled(config: Config): boolean {
  if (config.NADOY_DEMO) return config.NADOY_DEMO === "1";
  return !config.DATABASE_URL;
}

export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
}
