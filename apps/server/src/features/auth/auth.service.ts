import { FRESH_SIGN_IN_MINUTES, LOGIN_FAILURES_PER_MINUTE } from "@nadoy/contract/constants";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { canOpenProfileSettings } from "@nadoy/contract/roles";
import {
  type ChangeEmailBody,
  type ChangePasswordBody,
  type LoginBody,
  REFRESH_TOKEN_PATTERN,
  type registerBodySchema,
  type TokenKind,
  type TokenPair,
} from "@nadoy/contract/users";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { audit } from "../../platform/audit.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { createOneTimeLink, emailChangeUrl, passwordResetUrl } from "../../platform/auth/one-time-links.ts";
import { newSecret, sameHash, sha256 } from "../../platform/auth/opaque-token.ts";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords.ts";
import { ApiError, forbidden, unauthorized, validationError } from "../../platform/errors.ts";
import type { FailureCounter } from "../../platform/limits/failure-counter.ts";
import { enqueueMail } from "../../platform/mail/outbox.ts";
import type { SessionFilter } from "../../platform/realtime/backend.ts";
import { violatedUniqueIndex } from "../../platform/unique-violation.ts";
import * as repo from "./auth.repository.ts";
import type { LoginThrottle } from "./login-throttle.ts";

export interface AuthServiceDeps {
  db: Db;
  signAccess: (claims: { sub: string; sid: string; typ: "access" }) => string;
  refreshTtlSeconds: number;
  publicUrl: string;
  loginFailures: FailureCounter;
  loginThrottle: LoginThrottle;
  /** Called after a commit that enqueued mail. */
  mailQueued: () => void;
  /** Runs work after the answer has gone (what the answer's timing must not reveal). */
  afterAnswer: (label: string, work: () => Promise<void>) => void;
  /** Called after a commit that revoked sessions: closes their sockets on every instance. */
  sessionsEnded: (filter: SessionFilter) => Promise<void>;
}

const REGISTRATION_LINK_TTL_MS = 3 * 24 * 3600_000;
const RESET_LINK_TTL_MS = 3600_000;
const EMAIL_CHANGE_LINK_TTL_MS = 24 * 3600_000;

const invalidRefresh = () => unauthorized(ErrorText.tokenInvalid, ErrorCode.tokenInvalid);
const usernameTaken = () =>
  new ApiError(409, ErrorCode.conflict, ErrorText.usernameTaken, { username: ErrorText.usernameTaken });
/** 429 with Retry-After in whole seconds (at least 1). */
const tooManyRequests = (retryInMs: number) =>
  new ApiError(429, ErrorCode.tooManyRequests, ErrorText.tooManyRequests, undefined, {
    "retry-after": String(Math.max(1, Math.ceil(retryInMs / 1000))),
  });
const invalidLink = () => new ApiError(400, ErrorCode.tokenInvalid, ErrorText.tokenInvalid);
const emailTaken = () => new ApiError(409, ErrorCode.conflict, ErrorText.emailTaken, { email: ErrorText.emailTaken });

/**
 * The owner of `email` has just proven it (a Yandex sign-in, or the link of an email change):
 * accounts that hold the address unproven lose it, and their mailed links stop working; the owner
 * is told. In the caller's transaction.
 */
export async function takeAddressFromUnconfirmed(
  tx: Db,
  email: string,
  owner: { userId?: number; ip: string },
): Promise<void> {
  const released = await repo.releaseUnconfirmedEmail(tx, email, owner.userId);
  for (const holder of released) {
    await audit(tx, {
      action: "unconfirmed_email_released",
      userId: holder.id,
      ip: owner.ip,
      details: { email, owner: owner.userId ?? null },
    });
    await enqueueMail(tx, {
      to: email,
      subject: "Надой: неподтверждённая регистрация с вашим адресом отменена",
      text: [
        "Здравствуйте!",
        "",
        `Ваш адрес был указан у пользователя ${holder.username}, но так и не был подтверждён по ссылке из письма.`,
        "Вы подтвердили, что адрес принадлежит вам, поэтому он снят с той учётной записи, а её ссылки из писем больше не действуют.",
        "",
        "Если ту регистрацию начинали вы, ничего делать не нужно: входите так, как только что вошли.",
      ].join("\n"),
    });
  }
}

/** The row id and secret of a refresh token, or undefined when it cannot be one (never reaches SQL). */
function parseRefreshToken(refresh: string): { tokenId: string; secret: string } | undefined {
  if (!REFRESH_TOKEN_PATTERN.test(refresh)) return undefined;
  const [tokenId = "", secret = ""] = refresh.split(".");
  return { tokenId, secret };
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db } = deps;

  async function issuePair(tx: Db, userId: number, familyId: string): Promise<TokenPair> {
    const secret = newSecret();
    const expiresAt = new Date(Date.now() + deps.refreshTtlSeconds * 1000);
    const tokenId = await repo.insertRefreshToken(tx, familyId, sha256(secret), expiresAt);
    return {
      access: deps.signAccess({ sub: String(userId), sid: familyId, typ: "access" }),
      refresh: `${tokenId}.${secret}`,
    };
  }

  /** A new sign-in: a new token family. */
  async function startSession(userId: number, ip: string, action: "login" | "yandex_login"): Promise<TokenPair> {
    return db.transaction(async (tx) => {
      const familyId = await repo.createFamily(tx, userId);
      await repo.updateUser(tx, userId, { lastLoginAt: new Date() });
      await audit(tx, { action, userId, ip });
      return issuePair(tx, userId, familyId);
    });
  }

  /** The unused, unexpired token row, locked; a wrong, used or expired token is one answer. */
  async function takeOneTimeToken(tx: Db, token: string) {
    const row = await repo.lockOneTimeToken(tx, sha256(token));
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw invalidLink();
    return row;
  }

  async function activate(tx: Db, userId: number, tokenId: number, ip: string) {
    await repo.markOneTimeTokenUsed(tx, tokenId);
    await repo.confirmEmail(tx, userId);
    await audit(tx, { action: "registration_confirmed", userId, ip });
  }

  /** The owner of an address someone tried to register with: told so, with the way back in. */
  async function mailAddressOwner(tx: Db, owner: { id: number; email: string; username: string }, ip: string) {
    await enqueueMail(tx, {
      to: owner.email,
      subject: "Надой: попытка регистрации с вашим адресом",
      text: [
        "Здравствуйте!",
        "",
        "Кто-то пытался зарегистрироваться в Надое с вашим адресом электронной почты, но учётная запись",
        `с этим адресом уже есть: имя пользователя ${owner.username}.`,
        "",
        `Если это были вы, войдите: ${deps.publicUrl}/login`,
        `Если не помните пароль, восстановите его: ${deps.publicUrl}/submit-email`,
        "",
        "Если это были не вы, просто удалите это письмо: ваша учётная запись не изменилась.",
      ].join("\n"),
    });
    await audit(tx, { action: "registration_email_taken", userId: owner.id, ip });
  }

  async function mailResetLink(email: string, ip: string): Promise<void> {
    const user = await repo.findUserByEmail(db, email);
    if (!user) return;
    await db.transaction(async (tx) => {
      const token = await createOneTimeLink(tx, user.id, "password_reset", RESET_LINK_TTL_MS);
      await enqueueMail(tx, {
        to: user.email,
        subject: "Надой: восстановление пароля",
        text: [
          "Здравствуйте!",
          "",
          `Для пользователя ${user.username} запрошена смена пароля. Задайте новый пароль по ссылке:`,
          passwordResetUrl(deps.publicUrl, token),
          "",
          `Или введите код на странице ${deps.publicUrl}/token-confirm:`,
          token,
          "",
          "Ссылка действует 1 час. Если вы не запрашивали смену пароля, просто удалите это письмо.",
        ].join("\n"),
      });
      await audit(tx, { action: "password_reset_requested", userId: user.id, ip });
    });
    deps.mailQueued();
  }

  return {
    /**
     * Two limits: failures per address (LOGIN_FAILURES_PER_MINUTE), and a growing delay per
     * account for guesses spread over many addresses (login-throttle.ts), which a browser that
     * has signed into the account before skips (`knownBrowser`, the device cookie).
     */
    async login(
      body: LoginBody,
      ip: string,
      knownBrowser: (userId: number) => boolean,
    ): Promise<{ pair: TokenPair; userId: number }> {
      const key = `login:${ip}`;
      // Every attempt is counted before its password is checked, so that a burst of parallel
      // guesses (on any instance) cannot all pass while none has been counted; the right password
      // takes its count back.
      const attempts = await deps.loginFailures.hit(key);
      if (attempts > LOGIN_FAILURES_PER_MINUTE) {
        await deps.loginFailures.forgive(key);
        const failures = await deps.loginFailures.get(key);
        throw tooManyRequests(failures.resetInMs);
      }
      const user = await repo.findUserByUsername(db, body.username);
      const throttled = !(user && knownBrowser(user.id));
      if (throttled) {
        const waitMs = await deps.loginThrottle.admit(body.username);
        if (waitMs > 0) {
          // No password was checked: the address is not charged for it either.
          await deps.loginFailures.forgive(key);
          throw tooManyRequests(waitMs);
        }
      }
      const ok = await verifyPassword(user?.passwordHash, body.password);
      if (user && ok) {
        await deps.loginFailures.forgive(key);
        // Only a right password that went through the slow-down ends the account's run of
        // failures: the owner signing in from their known browser does not reopen free guesses.
        if (throttled) await deps.loginThrottle.succeeded(body.username);
      } else {
        await audit(db, {
          action: "login_failed",
          userId: user?.id ?? null,
          ip,
          details: { username: body.username.slice(0, 150) },
        });
        throw unauthorized(ErrorText.invalidCredentials, ErrorCode.invalidCredentials);
      }
      // Only someone who knows the password learns that the account waits for confirmation.
      if (!user.isActive) {
        throw user.emailConfirmedAt
          ? unauthorized(ErrorText.accountDisabled, ErrorCode.accountDisabled)
          : unauthorized(ErrorText.accountInactive, ErrorCode.accountInactive);
      }
      return { pair: await startSession(user.id, ip, "login"), userId: user.id };
    },

    startSession,

    /** Rotation: the presented token is spent; presenting a spent one revokes its whole family. */
    async refresh(refresh: string, ip: string): Promise<TokenPair> {
      // The route's schema refuses a malformed token with 400 already; this guards the SQL all the same.
      const parsed = parseRefreshToken(refresh);
      if (!parsed) throw invalidRefresh();
      const { tokenId, secret } = parsed;
      const outcome = await db.transaction(async (tx) => {
        const row = await repo.lockRefreshToken(tx, tokenId);
        if (!row || !sameHash(row.secretHash, sha256(secret))) return { error: invalidRefresh() };
        if (row.familyRevokedAt || !row.userActive) return { error: invalidRefresh() };
        if (row.usedAt) {
          await repo.revokeFamily(tx, row.familyId, "reuse");
          await audit(tx, { action: "refresh_reuse", userId: row.userId, ip, details: { family: row.familyId } });
          return { error: invalidRefresh(), revoked: row.familyId };
        }
        if (row.expiresAt.getTime() <= Date.now()) return { error: invalidRefresh() };
        await repo.markRefreshTokenUsed(tx, row.id);
        return { pair: await issuePair(tx, row.userId, row.familyId) };
      });
      // The revocation must commit, so the error is thrown after the transaction, not inside it.
      if ("error" in outcome) {
        if (outcome.revoked) await deps.sessionsEnded({ sessionIds: [outcome.revoked] });
        throw outcome.error;
      }
      return outcome.pair;
    },

    async logout(user: AuthUser, refresh: string, ip: string): Promise<void> {
      const ended = await db.transaction(async (tx) => {
        const sessionIds = [user.sessionId];
        await repo.revokeFamily(tx, user.sessionId, "logout");
        // A malformed token is ignored: the caller's own session ends all the same.
        const parsed = parseRefreshToken(refresh);
        if (parsed) {
          const row = await repo.lockRefreshToken(tx, parsed.tokenId);
          if (row && row.userId === user.id && sameHash(row.secretHash, sha256(parsed.secret))) {
            await repo.revokeFamily(tx, row.familyId, "logout");
            if (row.familyId !== user.sessionId) sessionIds.push(row.familyId);
          }
        }
        await audit(tx, { action: "logout", userId: user.id, ip });
        return sessionIds;
      });
      await deps.sessionsEnded({ sessionIds: ended });
    },

    /**
     * A signed-in user sets a new password. An account without one (created through Yandex ID)
     * sets it without the current password: its session is the proof, as it is for changing the
     * email. Every other session of the user ends; the caller's stays.
     */
    async changePassword(user: AuthUser, body: ChangePasswordBody, ip: string): Promise<void> {
      if (!canOpenProfileSettings({ groups: user.groups })) throw forbidden();
      const account = await repo.findUserForPasswordChange(db, user.id);
      if (!account) throw unauthorized();
      if (account.passwordHash) {
        if (!body.old_password) throw validationError({ old_password: ErrorText.oldPasswordRequired });
        if (!(await verifyPassword(account.passwordHash, body.old_password))) {
          await audit(db, { action: "password_change_failed", userId: user.id, ip });
          throw new ApiError(400, ErrorCode.wrongPassword, ErrorText.wrongPassword, {
            old_password: ErrorText.wrongPassword,
          });
        }
      }
      const passwordHash = await hashPassword(body.new_password);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, { passwordHash });
        await repo.revokeOtherFamilies(tx, user.id, user.sessionId, "password_change");
        await audit(tx, {
          action: "password_changed",
          userId: user.id,
          ip,
          details: { had_password: account.passwordHash !== null },
        });
        if (account.email) {
          await enqueueMail(tx, {
            to: account.email,
            subject: "Надой: пароль изменён",
            text: [
              "Здравствуйте!",
              "",
              `Пароль пользователя ${account.username} изменён. Остальные сеансы входа завершены.`,
              "",
              `Если это сделали не вы, восстановите доступ: ${deps.publicUrl}/submit-email`,
            ].join("\n"),
          });
        }
      });
      await deps.sessionsEnded({ userId: user.id, exceptSessionId: user.sessionId });
      if (account.email) deps.mailQueued();
    },

    /**
     * Spec: the email changes only when its new owner follows the link mailed to it, and only the
     * account's owner may ask. Proof of the owner: the current password; an account without one
     * (made through Yandex ID, never given a password — and a password once set cannot be removed)
     * can only have sessions begun by a Yandex sign-in, so a session started at most
     * FRESH_SIGN_IN_MINUTES ago is a fresh Yandex sign-in (refresh rotation keeps the session's
     * start). A stolen, older session cannot redirect the account's mail.
     */
    async requestEmailChange(user: AuthUser, body: ChangeEmailBody, ip: string) {
      if (!canOpenProfileSettings({ groups: user.groups })) throw forbidden();
      const account = await repo.findUserForPasswordChange(db, user.id);
      if (!account) throw unauthorized();
      if (body.email === account.email) throw validationError({ email: ErrorText.emailUnchanged });
      if (account.passwordHash) {
        if (!body.password) throw validationError({ password: ErrorText.oldPasswordRequired });
        if (!(await verifyPassword(account.passwordHash, body.password))) {
          await audit(db, { action: "email_change_failed", userId: user.id, ip });
          throw new ApiError(400, ErrorCode.wrongPassword, ErrorText.wrongPassword, {
            password: ErrorText.wrongPassword,
          });
        }
      } else {
        const started = await repo.sessionStartedAt(db, user.sessionId);
        if (!started || Date.now() - started.getTime() > FRESH_SIGN_IN_MINUTES * 60_000) {
          throw new ApiError(403, ErrorCode.freshSignInRequired, ErrorText.freshSignInRequired);
        }
      }
      // Only the letter case changes: the same mailbox, nothing to prove; applied at once.
      if (body.email.toLowerCase() === account.email.toLowerCase()) {
        await db.transaction(async (tx) => {
          await repo.updateUser(tx, user.id, { email: body.email });
          await audit(tx, {
            action: "email_changed",
            userId: user.id,
            ip,
            details: { from: account.email, to: body.email },
          });
        });
        return { detail: "Адрес сохранён.", pending_email: null };
      }
      if (await repo.emailConfirmedByOther(db, body.email, user.id)) throw emailTaken();
      await db.transaction(async (tx) => {
        const token = await createOneTimeLink(tx, user.id, "email_change", EMAIL_CHANGE_LINK_TTL_MS, body.email);
        await enqueueMail(tx, {
          to: body.email,
          subject: "Надой: подтвердите новый адрес электронной почты",
          text: [
            "Здравствуйте!",
            "",
            `Пользователь ${account.username} указал этот адрес как новый адрес электронной почты. Чтобы подтвердить его, перейдите по ссылке:`,
            emailChangeUrl(deps.publicUrl, token),
            "",
            "Ссылка действует 24 часа. Пока вы не перейдёте по ней, письма приходят на прежний адрес.",
            "Если вы ничего не меняли, просто удалите это письмо.",
          ].join("\n"),
        });
        if (account.email) {
          await enqueueMail(tx, {
            to: account.email,
            subject: "Надой: запрошена смена адреса электронной почты",
            text: [
              "Здравствуйте!",
              "",
              `Для пользователя ${account.username} запрошена смена адреса электронной почты на ${body.email}.`,
              "Адрес изменится, только когда будет открыта ссылка из письма, отправленного на новый адрес.",
              "",
              `Если это сделали не вы, смените пароль и обратитесь к администратору портала: ${deps.publicUrl}/submit-email`,
            ].join("\n"),
          });
        }
        await audit(tx, { action: "email_change_requested", userId: user.id, ip, details: { to: body.email } });
      });
      deps.mailQueued();
      return {
        detail: `На новый адрес ${body.email} отправлено письмо со ссылкой. Адрес изменится, когда вы перейдёте по ней.`,
        pending_email: body.email,
      };
    },

    /** The link from the new address: it becomes the account's, confirmed; the old address is told. */
    async confirmEmailChange(token: string, ip: string): Promise<string> {
      let email: string;
      try {
        email = await db.transaction(async (tx) => {
          const row = await takeOneTimeToken(tx, token);
          if (row.kind !== "email_change" || !row.email) throw invalidLink();
          const account = await repo.lockUserForEmailChange(tx, row.userId);
          // A disabled account's mail stays where it is.
          if (!account?.isActive) throw invalidLink();
          if (await repo.emailConfirmedByOther(tx, row.email, row.userId)) throw emailTaken();
          await takeAddressFromUnconfirmed(tx, row.email, { userId: row.userId, ip });
          await repo.markOneTimeTokenUsed(tx, row.id);
          await repo.updateUser(tx, row.userId, { email: row.email, emailConfirmedAt: new Date() });
          await audit(tx, {
            action: "email_changed",
            userId: row.userId,
            ip,
            details: { from: account.email, to: row.email },
          });
          if (account.email) {
            await enqueueMail(tx, {
              to: account.email,
              subject: "Надой: адрес электронной почты изменён",
              text: [
                "Здравствуйте!",
                "",
                `Адрес электронной почты пользователя ${account.username} изменён на ${row.email}.`,
                "Письма о входе и восстановлении пароля теперь приходят на новый адрес.",
                "",
                "Если это сделали не вы, срочно обратитесь к администратору портала.",
              ].join("\n"),
            });
          }
          return row.email;
        });
      } catch (error) {
        // Another account confirmed the address between the check and the write: the index decided.
        if (violatedUniqueIndex(error) !== undefined) throw emailTaken();
        throw error;
      }
      deps.mailQueued();
      return email;
    },

    /**
     * A taken username is said (409: usernames are shown to colleagues, no secret). A taken e-mail
     * is not: the answer is the one a new registration gets, and the address's owner is mailed
     * instead. Both paths hash the password and write one transaction, so neither is faster.
     */
    async register(body: z.output<typeof registerBodySchema>, ip: string): Promise<void> {
      if (await repo.usernameExists(db, body.username)) throw usernameTaken();
      const passwordHash = await hashPassword(body.password);
      try {
        await db.transaction(async (tx) => {
          const owner = await repo.findUserByEmail(tx, body.email);
          if (owner) return mailAddressOwner(tx, owner, ip);
          const user = await repo.insertUser(tx, {
            username: body.username,
            email: body.email,
            firstName: body.first_name,
            lastName: body.last_name,
            passwordHash,
            isActive: false,
            emailConfirmedAt: null,
          });
          const token = await createOneTimeLink(tx, user.id, "registration_confirm", REGISTRATION_LINK_TTL_MS);
          await enqueueMail(tx, {
            to: body.email,
            subject: "Надой: подтверждение регистрации",
            text: [
              `Здравствуйте${body.first_name ? `, ${body.first_name}` : ""}!`,
              "",
              `Чтобы завершить регистрацию пользователя ${body.username}, перейдите по ссылке:`,
              `${deps.publicUrl}/registration-confirm/${token}`,
              "",
              `Или введите код на странице ${deps.publicUrl}/token-confirm:`,
              token,
              "",
              "Ссылка действует 3 дня. Если вы не регистрировались, просто удалите это письмо.",
            ].join("\n"),
          });
          await audit(tx, { action: "register", userId: user.id, ip });
        });
      } catch (error) {
        // Two registrations raced past the checks above; the unique index decided.
        const index = violatedUniqueIndex(error);
        if (index === undefined) throw error;
        if (index !== "users_email_lower_idx") throw usernameTaken();
        // The other registration took the address: its owner hears of this attempt, as above.
        await db.transaction(async (tx) => {
          const owner = await repo.findUserByEmail(tx, body.email);
          if (owner) await mailAddressOwner(tx, owner, ip);
        });
      }
      deps.mailQueued();
    },

    async confirmRegistration(token: string, ip: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await takeOneTimeToken(tx, token);
        if (row.kind !== "registration_confirm") throw invalidLink();
        await activate(tx, row.userId, row.id, ip);
      });
    },

    /**
     * Same answer, in the same time, whether or not the address is known: the route answers first
     * and looks the address up afterwards (deps.afterAnswer), so nothing is revealed about who is
     * registered — neither by the text nor by how long the answer took.
     */
    requestPasswordReset(email: string, ip: string): void {
      deps.afterAnswer("password reset request", () => mailResetLink(email, ip));
    },

    /**
     * Sets the new password, signs every session out, and confirms the address (the link proves
     * it), which activates a registration still waiting; a disabled account stays disabled.
     */
    async resetPassword(token: string, password: string, ip: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const row = await takeOneTimeToken(tx, token);
        if (row.kind !== "password_reset") throw invalidLink();
        await repo.markOneTimeTokenUsed(tx, row.id);
        await repo.updateUser(tx, row.userId, { passwordHash });
        await repo.confirmEmail(tx, row.userId);
        await repo.revokeAllFamilies(tx, row.userId, "password_reset");
        await audit(tx, { action: "password_reset", userId: row.userId, ip });
        return row.userId;
      });
      await deps.sessionsEnded({ userId });
    },

    /**
     * A code typed on /token-confirm: a registration code confirms at once; a reset code is only
     * checked, and the page then asks for the new password.
     */
    async confirmToken(token: string, ip: string): Promise<TokenKind> {
      return db.transaction(async (tx) => {
        const row = await takeOneTimeToken(tx, token);
        if (row.kind === "registration_confirm") {
          await activate(tx, row.userId, row.id, ip);
          return "registration_confirm";
        }
        if (row.kind === "password_reset") return "password_reset";
        throw invalidLink();
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
