import { constants, createHmac, createPrivateKey, type KeyObject, sign } from "node:crypto";
import { EMBED_TTL_SECONDS } from "@nadoy/contract/reports";

// Signed embed links (contract reports.ts): a Metabase static-embedding token (HS256 JWT) and a
// Yandex DataLens embed token (PS256 JWT), made with node:crypto alone.

export type EmbedParams = Record<string, unknown>;

/** The key of a DataLens report is not an RSA private key in PEM. */
export class EmbedKeyError extends Error {}

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

function signingInput(header: object, payload: object): string {
  return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
}

/** HS256 JWT: HMAC-SHA-256 of `header.payload` with the secret's UTF-8 bytes. */
export function signHs256(payload: object, secret: string): string {
  const input = signingInput({ alg: "HS256", typ: "JWT" }, payload);
  return `${input}.${createHmac("sha256", secret).update(input).digest("base64url")}`;
}

/** The RSA private key of a PEM text, or undefined when it is not one. */
export function rsaPrivateKey(pem: string): KeyObject | undefined {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === "rsa" || key.asymmetricKeyType === "rsa-pss" ? key : undefined;
  } catch {
    return undefined;
  }
}

/** PS256 JWT: RSASSA-PSS with SHA-256, salt as long as the digest. Throws EmbedKeyError for a bad key. */
export function signPs256(payload: object, privateKeyPem: string): string {
  const key = rsaPrivateKey(privateKeyPem);
  if (!key) throw new EmbedKeyError("not an RSA private key");
  const input = signingInput({ alg: "PS256", typ: "JWT" }, payload);
  const signature = sign("sha256", Buffer.from(input), {
    key,
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: constants.RSA_PSS_SALTLEN_DIGEST,
  });
  return `${input}.${base64url(signature)}`;
}

export interface SignedEmbed {
  url: string;
  expiresAt: Date;
}

interface EmbedInput {
  /** The report's url (the Metabase site, or the DataLens embed address). */
  url: string;
  resourceId: string;
  secret: string;
  params: EmbedParams;
  now?: Date;
}

const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + EMBED_TTL_SECONDS;

/** A dashboard number stays a number in the token; anything else is passed on as it is. */
const dashboardId = (resourceId: string): number | string =>
  /^\d+$/.test(resourceId) ? Number(resourceId) : resourceId;

/** Metabase static embedding: `{site}/embed/dashboard/{token}#bordered=false&titled=true`. */
export function metabaseEmbed({ url, resourceId, secret, params, now = new Date() }: EmbedInput): SignedEmbed {
  const exp = expiry(now);
  const token = signHs256({ resource: { dashboard: dashboardId(resourceId) }, params, exp }, secret);
  return {
    url: `${url.replace(/\/+$/, "")}/embed/dashboard/${token}#bordered=false&titled=true`,
    expiresAt: new Date(exp * 1000),
  };
}

/** Yandex DataLens private embedding: `{url}#dl_embed_token={token}`. */
export function datalensEmbed({ url, resourceId, secret, params, now = new Date() }: EmbedInput): SignedEmbed {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = expiry(now);
  const token = signPs256(
    { embedId: resourceId, dlEmbedService: "YC_DATALENS_EMBEDDING_SERVICE_MARK", iat, exp, params },
    secret,
  );
  return { url: `${url}#dl_embed_token=${token}`, expiresAt: new Date(exp * 1000) };
}
