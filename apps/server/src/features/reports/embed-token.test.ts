import { constants, createHmac, generateKeyPairSync, verify } from "node:crypto";
import { EMBED_TTL_SECONDS } from "@nadoy/contract/reports";
import { describe, expect, it } from "vitest";
import { datalensEmbed, EmbedKeyError, metabaseEmbed, rsaPrivateKey, signHs256, signPs256 } from "./embed-token.ts";

// The signed embed links: tokens a Metabase or DataLens server would accept, checked here with
// node:crypto the way those servers check them.

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const { publicKey: otherPublicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

const NOW = new Date("2025-11-20T10:00:00.000Z");
const NOW_S = NOW.getTime() / 1000;

function parts(token: string) {
  const [header, payload, signature] = token.split(".");
  if (header === undefined || payload === undefined || signature === undefined) throw new Error("not a JWT");
  const json = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  return { input: `${header}.${payload}`, header: json(header), payload: json(payload), signature };
}

const hs256Valid = (token: string, secret: string) => {
  const { input, signature } = parts(token);
  return createHmac("sha256", secret).update(input).digest("base64url") === signature;
};

const ps256Valid = (token: string, key = publicKey) => {
  const { input, signature } = parts(token);
  return verify(
    "sha256",
    Buffer.from(input),
    {
      key,
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: constants.RSA_PSS_SALTLEN_DIGEST,
    },
    Buffer.from(signature, "base64url"),
  );
};

describe("HS256 and PS256 tokens", () => {
  it("signs HS256 so that an HMAC-SHA-256 with the same secret verifies, and no other secret does", () => {
    const token = signHs256({ a: 1, текст: "надой" }, "секрет-metabase");
    expect(parts(token).header).toEqual({ alg: "HS256", typ: "JWT" });
    expect(parts(token).payload).toEqual({ a: 1, текст: "надой" });
    expect(hs256Valid(token, "секрет-metabase")).toBe(true);
    expect(hs256Valid(token, "другой секрет")).toBe(false);
    expect(token).not.toMatch(/[+/=]/);
  });

  it("signs PS256 with RSA-PSS (SHA-256, digest-long salt): the public key verifies, another key does not", () => {
    const token = signPs256({ b: 2 }, PRIVATE_PEM);
    expect(parts(token).header).toEqual({ alg: "PS256", typ: "JWT" });
    expect(ps256Valid(token)).toBe(true);
    expect(ps256Valid(token, otherPublicKey)).toBe(false);
    // PSS is randomised: two signatures of the same payload differ and both verify.
    const again = signPs256({ b: 2 }, PRIVATE_PEM);
    expect(again).not.toBe(token);
    expect(ps256Valid(again)).toBe(true);
  });

  it("refuses a key that is not an RSA private key", () => {
    const { privateKey: ec } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const ecPem = ec.export({ type: "pkcs8", format: "pem" }).toString();
    expect(rsaPrivateKey(PRIVATE_PEM)).toBeDefined();
    expect(rsaPrivateKey(ecPem)).toBeUndefined();
    expect(rsaPrivateKey("просто строка")).toBeUndefined();
    expect(() => signPs256({}, "просто строка")).toThrow(EmbedKeyError);
  });
});

describe("embed links", () => {
  it("Metabase: the dashboard number, the params and exp in a token signed with the report's secret", () => {
    const embed = metabaseEmbed({
      url: "https://metabase.example.com//",
      resourceId: "12",
      secret: "a".repeat(64),
      params: { company: ["c1", "c2"] },
      now: NOW,
    });
    const match = /^https:\/\/metabase\.example\.com\/embed\/dashboard\/([^#]+)#bordered=false&titled=true$/.exec(
      embed.url,
    );
    const token = match?.[1] ?? "";
    expect(hs256Valid(token, "a".repeat(64))).toBe(true);
    expect(parts(token).payload).toEqual({
      resource: { dashboard: 12 },
      params: { company: ["c1", "c2"] },
      exp: NOW_S + EMBED_TTL_SECONDS,
    });
    expect(embed.expiresAt.toISOString()).toBe(new Date((NOW_S + EMBED_TTL_SECONDS) * 1000).toISOString());
  });

  it("Metabase: a resource id that is not a number stays a string", () => {
    const embed = metabaseEmbed({ url: "https://mb.example", resourceId: "abc-1", secret: "s", params: {}, now: NOW });
    const token = /\/embed\/dashboard\/([^#]+)#/.exec(embed.url)?.[1] ?? "";
    expect(parts(token).payload.resource).toEqual({ dashboard: "abc-1" });
  });

  it("DataLens: embedId, the service mark, iat, exp and params in a PS256 token after #dl_embed_token=", () => {
    const embed = datalensEmbed({
      url: "https://datalens.yandex/embeds/chart",
      resourceId: "emb-42",
      secret: PRIVATE_PEM,
      params: { company: [] },
      now: NOW,
    });
    const [base, token = ""] = embed.url.split("#dl_embed_token=");
    expect(base).toBe("https://datalens.yandex/embeds/chart");
    expect(ps256Valid(token)).toBe(true);
    expect(parts(token).payload).toEqual({
      embedId: "emb-42",
      dlEmbedService: "YC_DATALENS_EMBEDDING_SERVICE_MARK",
      iat: NOW_S,
      exp: NOW_S + EMBED_TTL_SECONDS,
      params: { company: [] },
    });
  });
});
