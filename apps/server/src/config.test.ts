import { describe, expect, it } from "vitest";
import { ConfigError, demoEnabled, loadConfig, publicUrl } from "./config.ts";

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("loadConfig accepted the environment");
}

describe("loadConfig", () => {
  it("trusts X-Forwarded-For only from the proxies TRUST_PROXY names, never from everyone", () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe("loopback, linklocal, uniquelocal");
    expect(loadConfig({ TRUST_PROXY: "10.0.0.5, 172.16.0.0/12, ::1" }).TRUST_PROXY).toBe(
      "10.0.0.5, 172.16.0.0/12, ::1",
    );
    for (const bad of ["true", "*", "10.0.0.0/33", "proxy.local"]) {
      expect(configError({ TRUST_PROXY: bad }).message).toContain("TRUST_PROXY");
    }
  });

  it("gives every variable its default when the environment is empty", () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      PORT: 8080,
      HOST: "0.0.0.0",
      DATA_DIR: "./.data",
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_SECONDS: 30 * 86_400,
      MAIL_FROM: "Надой <no-reply@nadoy.local>",
      YANDEX_AUTHORIZE_URL: "https://oauth.yandex.ru/authorize",
      YANDEX_TOKEN_URL: "https://oauth.yandex.ru/token",
      YANDEX_INFO_URL: "https://login.yandex.ru/info",
      LOG_LEVEL: "info",
    });
    for (const key of ["DATABASE_URL", "REDIS_URL", "PUBLIC_URL", "JWT_SECRET", "SMTP_URL", "YANDEX_CLIENT_ID"]) {
      expect(config[key as keyof typeof config]).toBeUndefined();
    }
  });

  it("reads the values it is given", () => {
    const config = loadConfig({
      PORT: "3000",
      DATABASE_URL: "postgres://u@db:5432/nadoy",
      JWT_SECRET: "s".repeat(32),
      NADOY_DEMO: "1",
      LOG_LEVEL: "warn",
    });

    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: "postgres://u@db:5432/nadoy",
      JWT_SECRET: "s".repeat(32),
      NADOY_DEMO: "1",
      LOG_LEVEL: "warn",
    });
  });

  it("treats empty optional variables, as .env files leave them, as unset", () => {
    const config = loadConfig({ DATABASE_URL: "", REDIS_URL: "  ", PUBLIC_URL: "", JWT_SECRET: "", SMTP_URL: "" });

    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it.each(["abc", "0", "70000", "80.5"])("refuses PORT=%s with a ConfigError naming PORT", (port) => {
    const error = configError({ PORT: port });

    expect(error.message).toMatch(/^\s+PORT: /m);
  });

  it("lists every bad variable in one error", () => {
    const error = configError({
      PORT: "abc",
      DATABASE_URL: "not a url",
      JWT_SECRET: "short",
      NADOY_DEMO: "yes",
      LOG_LEVEL: "loud",
    });

    for (const name of ["PORT", "DATABASE_URL", "JWT_SECRET", "NADOY_DEMO", "LOG_LEVEL"]) {
      expect(error.message).toMatch(new RegExp(`^\\s+${name}: `, "m"));
    }
    expect(error.message).not.toMatch(/^\s+HOST: /m);
  });

  it("takes a Yandex Metrika counter id of digits, treats an empty one as unset, and refuses anything else", () => {
    expect(loadConfig({ YANDEX_METRIKA_ID: " 98765432 " }).YANDEX_METRIKA_ID).toBe("98765432");
    expect(loadConfig({ YANDEX_METRIKA_ID: "" }).YANDEX_METRIKA_ID).toBeUndefined();
    expect(loadConfig({}).YANDEX_METRIKA_ID).toBeUndefined();
    for (const bad of ["abc", "123-456", "12 34", "1".repeat(21)]) {
      expect(configError({ YANDEX_METRIKA_ID: bad }).message).toMatch(/^\s+YANDEX_METRIKA_ID: /m);
    }
  });

  it("ignores variables it does not know", () => {
    expect(() => loadConfig({ PATH: "/usr/bin", SOMETHING_ELSE: "x" })).not.toThrow();
  });
});

describe("demoEnabled", () => {
  it("is on with the embedded database and off with DATABASE_URL, unless NADOY_DEMO says otherwise", () => {
    expect(demoEnabled(loadConfig({}))).toBe(true);
    expect(demoEnabled(loadConfig({ DATABASE_URL: "postgres://db/nadoy" }))).toBe(false);
    expect(demoEnabled(loadConfig({ DATABASE_URL: "postgres://db/nadoy", NADOY_DEMO: "1" }))).toBe(true);
    expect(demoEnabled(loadConfig({ NADOY_DEMO: "0" }))).toBe(false);
  });
});

describe("publicUrl", () => {
  it("is PUBLIC_URL without a trailing slash, or localhost on PORT", () => {
    expect(publicUrl(loadConfig({ PUBLIC_URL: "https://nadoy.example.com/" }))).toBe("https://nadoy.example.com");
    expect(publicUrl(loadConfig({ PORT: "3000" }))).toBe("http://localhost:3000");
  });
});
