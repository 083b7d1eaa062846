import { randomBytes } from "node:crypto";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { TokenPair } from "@nadoy/contract/users";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { ApiError } from "../../platform/errors.ts";
import * as repo from "./auth.repository.ts";
import { type AuthService, takeAddressFromUnconfirmed } from "./auth.service.ts";

export interface YandexConfig {
  clientId?: string;
  clientSecret?: string;
  authorizeUrl: string;
  tokenUrl: string;
  infoUrl: string;
  redirectUri: string;
}

export interface YandexServiceDeps {
  db: Db;
  config: YandexConfig;
  auth: AuthService;
  /** Called after a commit that enqueued mail. */
  mailQueued: () => void;
  signState: (claims: { typ: "yandex_state"; nonce: string }) => string;
  verifyState: (state: string) => unknown;
  fetch?: typeof fetch;
}

const tokenAnswer = z.object({ access_token: z.string().min(1) });
const profileAnswer = z.object({
  id: z.string().min(1),
  login: z.string().min(1),
  default_email: z.string().optional(),
  emails: z.array(z.string()).optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});

const disabled = () => new ApiError(503, ErrorCode.providerDisabled, ErrorText.providerDisabled);
const failed = () => new ApiError(502, ErrorCode.providerFailed, ErrorText.providerFailed);

/** Usernames from Yandex logins: kept when free, otherwise suffixed (ivan, ivan-2, ...). */
async function freeUsername(db: Db, login: string): Promise<string> {
  const base = login.replace(/[^\p{L}\p{N}_.@+-]/gu, "").slice(0, 140) || "yandex";
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await repo.usernameExists(db, candidate))) return candidate;
  }
  return `${base}-${randomBytes(4).toString("hex")}`;
}

export function createYandexService(deps: YandexServiceDeps) {
  const { db, config } = deps;
  const doFetch = deps.fetch ?? fetch;
  const enabled = () => Boolean(config.clientId && config.clientSecret);

  async function exchangeCode(code: string) {
    try {
      const tokenResponse = await doFetch(config.tokenUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          client_id: config.clientId ?? "",
          client_secret: config.clientSecret ?? "",
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!tokenResponse.ok) return undefined;
      const { access_token } = tokenAnswer.parse(await tokenResponse.json());
      const infoUrl = new URL(config.infoUrl);
      infoUrl.searchParams.set("format", "json");
      const profileResponse = await doFetch(infoUrl, {
        headers: { authorization: `OAuth ${access_token}` },
        signal: AbortSignal.timeout(10_000),
      });
      if (!profileResponse.ok) return undefined;
      return profileAnswer.parse(await profileResponse.json());
    } catch {
      return undefined;
    }
  }

  return {
    authorizeUrl(): { url: string; state: string } {
      if (!enabled()) throw disabled();
      const state = deps.signState({ typ: "yandex_state", nonce: randomBytes(16).toString("base64url") });
      const url = new URL(config.authorizeUrl);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", config.clientId ?? "");
      url.searchParams.set("redirect_uri", config.redirectUri);
      url.searchParams.set("state", state);
      return { url: url.toString(), state };
    },

    /**
     * Links by Yandex id, then by email — only to an account whose address is confirmed (mailed
     * link, admin, Yandex); otherwise creates an active user with the address.
     *
     * An account that holds the address unconfirmed is never entered: anyone can register with
     * someone else's address, and its password would keep working after the owner signs in
     * here. Nor is the owner refused with "confirm the email first": the link they would follow
     * is the one that switches on that stranger's account. Yandex has proven whose address it is,
     * so the owner gets an account of their own with it, and the unconfirmed holder loses the
     * address and its mailed links (takeAddressFromUnconfirmed; the owner is told by mail).
     */
    async signIn(code: string, state: string, ip: string): Promise<TokenPair> {
      if (!enabled()) throw disabled();
      try {
        z.object({ typ: z.literal("yandex_state") }).parse(deps.verifyState(state));
      } catch {
        throw new ApiError(400, ErrorCode.tokenInvalid, ErrorText.providerFailed);
      }
      const profile = await exchangeCode(code);
      if (!profile) throw failed();
      const email = profile.default_email ?? profile.emails?.[0] ?? "";

      let user = await repo.findUserByYandexId(db, profile.id);
      if (!user) {
        let released = false;
        user = await db.transaction(async (tx) => {
          const holder = email ? await repo.findUserByEmail(tx, email) : undefined;
          if (holder?.emailConfirmedAt) {
            await repo.updateUser(tx, holder.id, { yandexId: profile.id });
            return { id: holder.id, isActive: holder.isActive };
          }
          if (holder) {
            await takeAddressFromUnconfirmed(tx, email, { ip });
            released = true;
          }
          const created = await repo.insertUser(tx, {
            username: await freeUsername(tx, profile.login),
            email,
            firstName: profile.first_name ?? "",
            lastName: profile.last_name ?? "",
            passwordHash: null,
            isActive: true,
            emailConfirmedAt: email ? new Date() : null,
            yandexId: profile.id,
          });
          return { id: created.id, isActive: true };
        });
        if (released) deps.mailQueued();
      }
      if (!user.isActive) throw new ApiError(401, ErrorCode.accountDisabled, ErrorText.accountDisabled);
      return deps.auth.startSession(user.id, ip, "yandex_login");
    },
  };
}
