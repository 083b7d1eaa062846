import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface YandexProfile {
  id: string;
  login: string;
  default_email?: string;
  first_name?: string;
  last_name?: string;
}

export interface FakeYandex {
  clientId: string;
  clientSecret: string;
  /** YANDEX_* variables that point the app at this provider. */
  env: Record<string, string>;
  /** The authorization code `code` will sign in as `profile` (once the client presents it). */
  willAnswer(code: string, profile: YandexProfile): void;
  /** Form bodies received on POST /token. */
  tokenRequests: Record<string, string>[];
  /** Authorization headers and query of the GET /info calls. */
  infoRequests: { authorization: string | undefined; format: string | null }[];
  reset(): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Yandex ID's OAuth endpoints on loopback: POST /token exchanges a known code for an access
 * token (400 invalid_grant for any other code or a wrong client), GET /info answers the profile.
 */
export async function startFakeYandex(): Promise<FakeYandex> {
  const clientId = "nadoy-test-client";
  const clientSecret = "nadoy-test-secret";
  const profilesByCode = new Map<string, YandexProfile>();
  const profilesByToken = new Map<string, YandexProfile>();
  const tokenRequests: Record<string, string>[] = [];
  const infoRequests: FakeYandex["infoRequests"] = [];

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method === "POST" && url.pathname === "/token") {
      const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
      tokenRequests.push(form);
      if (form.client_id !== clientId || form.client_secret !== clientSecret)
        return answer(401, { error: "invalid_client" });
      const profile = form.code === undefined ? undefined : profilesByCode.get(form.code);
      if (form.grant_type !== "authorization_code" || !profile) return answer(400, { error: "invalid_grant" });
      if (form.code) profilesByCode.delete(form.code); // a code is good once, as at Yandex
      const accessToken = randomBytes(12).toString("hex");
      profilesByToken.set(accessToken, profile);
      return answer(200, { access_token: accessToken, token_type: "bearer", expires_in: 3600 });
    }
    if (request.method === "GET" && url.pathname === "/info") {
      infoRequests.push({ authorization: request.headers.authorization, format: url.searchParams.get("format") });
      const [scheme, token] = (request.headers.authorization ?? "").split(" ");
      const profile = scheme === "OAuth" && token ? profilesByToken.get(token) : undefined;
      return profile ? answer(200, { ...profile, client_id: clientId }) : answer(401, { error: "invalid_token" });
    }
    answer(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    clientId,
    clientSecret,
    env: {
      YANDEX_CLIENT_ID: clientId,
      YANDEX_CLIENT_SECRET: clientSecret,
      YANDEX_AUTHORIZE_URL: `${base}/authorize`,
      YANDEX_TOKEN_URL: `${base}/token`,
      YANDEX_INFO_URL: `${base}/info`,
    },
    willAnswer(code, profile) {
      profilesByCode.set(code, profile);
    },
    tokenRequests,
    infoRequests,
    reset() {
      profilesByCode.clear();
      profilesByToken.clear();
      tokenRequests.length = 0;
      infoRequests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
