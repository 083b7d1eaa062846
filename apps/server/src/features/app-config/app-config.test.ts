import { appConfigSchema } from "@nadoy/contract/app-config";
import { afterEach, describe, expect, it } from "vitest";
import { createCallers, statusByCaller } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const getConfig = (app: TestApp, token?: string) => app.request({ method: "GET", url: "/api/config/", token });
/** The pages' policy (JSON answers carry the API's short one): /api/docs is a page every test app serves. */
const pagePolicy = async (app: TestApp) =>
  String((await app.request({ method: "GET", url: "/api/docs" })).headers["content-security-policy"]);

describe("GET /api/config/", () => {
  it("answers anyone the version, no Yandex sign-in and no Metrika by default", async () => {
    t = await startTestApp();

    const res = await getConfig(t);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      version: "test",
      yandex_login: false,
      yandex_metrika_id: null,
      board_socket_host: null,
    });
    expect(appConfigSchema.parse(res.json())).toEqual(res.json());
  });

  it("says when Yandex sign-in and Metrika are configured", async () => {
    t = await startTestApp({ YANDEX_CLIENT_ID: "id", YANDEX_CLIENT_SECRET: "secret", YANDEX_METRIKA_ID: "98765432" });

    expect((await getConfig(t)).json()).toEqual({
      version: "test",
      yandex_login: true,
      yandex_metrika_id: "98765432",
      board_socket_host: null,
    });
  });

  it("names the board socket host when the board sockets are served apart", async () => {
    t = await startTestApp({ BOARD_SOCKET_HOST: "ws.nadoy.test:8443" });

    expect((await getConfig(t)).json().board_socket_host).toBe("ws.nadoy.test:8443");
  });

  it("does not offer Yandex sign-in with a client id but no secret", async () => {
    t = await startTestApp({ YANDEX_CLIENT_ID: "id" });

    expect((await getConfig(t)).json().yandex_login).toBe(false);
  });

  it("lets Metrika's hosts into the CSP only when a counter is configured", async () => {
    t = await startTestApp();
    const plain = await pagePolicy(t);
    await t.close();
    t = await startTestApp({ YANDEX_METRIKA_ID: "98765432" });
    const withMetrika = await pagePolicy(t);

    expect(plain).not.toContain("mc.yandex");
    const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
    for (const name of ["script-src", "connect-src", "img-src", "frame-src"]) {
      expect(directive(withMetrika, name)).toContain("https://mc.yandex.ru");
      expect(directive(withMetrika, name)).toContain("https://mc.yandex.com");
    }
    expect(directive(withMetrika, "script-src")).not.toContain("unsafe-inline");
    expect(directive(withMetrika, "default-src")).toBe("default-src 'self'");
  });

  it("lets report iframes open https pages, and nothing over plain http", async () => {
    t = await startTestApp();
    const csp = await pagePolicy(t);
    const frameSrc = csp.split("; ").find((d) => d.startsWith("frame-src ")) ?? "";

    expect(frameSrc.split(" ")).toEqual(["frame-src", "'self'", "https:"]);
  });

  it("is public: every caller, signed in or not, gets 200 (role matrix)", async () => {
    t = await startTestApp();
    const app = t;
    const callers = await createCallers(app);

    const statuses = await statusByCaller(callers, async (c) => (await getConfig(app, c.token)).statusCode);

    expect(Object.values(statuses)).toEqual(callers.map(() => 200));
  });
});
