import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUser,
  type AdminUserRow,
  type createAdminUser,
  type listAdminUsers,
  type UserModules,
  type updateAdminUser,
} from "@nadoy/contract/admin-users";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { RouteBody, RouteQuery } from "@nadoy/contract/http";
import { canAdminister } from "@nadoy/contract/roles";
import type { Db } from "../../db/client.ts";
import { refuseSuperuserChange } from "../../platform/access/superusers.ts";
import { audit } from "../../platform/audit.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { createOneTimeLink, passwordResetUrl } from "../../platform/auth/one-time-links.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import { enqueueMail } from "../../platform/mail/outbox.ts";
import type { SessionFilter } from "../../platform/realtime/backend.ts";
import { violatedUniqueIndex } from "../../platform/unique-violation.ts";
import { adminUser, adminUserRow, auditSnapshot, changes, MODULE_COLUMNS } from "./admin-user-dto.ts";
import * as repo from "./admin-users.repository.ts";
import { accessOf, accessSnapshot, applyAccess, companyIdsOfUser, sendsAccess } from "./user-access.ts";

// Admins' users (contract admin-users.ts). Every change and its audit entries commit together; a
// refused change throws inside the transaction and writes nothing. Admins (role 1) do not touch
// superusers: only a superuser makes, unmakes or edits one (platform/access/superusers.ts, which the
// business member lists share). Nobody takes their own access away.

export const SELF_DEACTIVATE_TEXT = "Нельзя отключить собственную учётную запись";
export const SELF_DEMOTE_TEXT = "Нельзя снять с себя роль администратора — попросите об этом другого администратора";
export const SELF_UNSUPER_TEXT =
  "Нельзя снять с себя права суперпользователя — попросите об этом другого суперпользователя";
export const COMPANY_MISSING_TEXT = "Некоторых компаний больше нет — обновите страницу";
export const NO_EMAIL_TEXT = "У пользователя не указан адрес электронной почты — письмо отправить некуда";

/** The person did not ask for the letter and may read it days later: longer than a self-service reset (1 hour). */
const ADMIN_LINK_TTL_MS = 3 * 24 * 3600_000;

type ListQuery = RouteQuery<typeof listAdminUsers>;
type CreateBody = RouteBody<typeof createAdminUser>;
type UpdateBody = RouteBody<typeof updateAdminUser>;

export interface AdminUsersServiceDeps {
  db: Db;
  publicUrl: string;
  /** Called after a commit that enqueued mail. */
  mailQueued: () => void;
  /** Called after a commit that revoked sessions: closes their sockets on every instance. */
  sessionsEnded: (filter: SessionFilter) => Promise<void>;
  /** The user's role, superuser flag or module switches may have changed: cached callers go. */
  callersChanged: (userIds: number[]) => Promise<void>;
}

interface Admin {
  caller: AuthUser;
  ip: string;
}

const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);
const conflict = (field: string, text: string) => new ApiError(409, ErrorCode.conflict, text, { [field]: text });

function moduleValues(modules: Partial<UserModules>): repo.UserValues {
  const values: repo.UserValues = {};
  for (const [key, column] of Object.entries(MODULE_COLUMNS)) {
    const value = modules[key as keyof UserModules];
    if (value !== undefined) values[column] = value;
  }
  return values;
}

/** A race past the checks below ends at the unique index; it is answered as the check would have. */
function takenByIndex(error: unknown): ApiError | undefined {
  const index = violatedUniqueIndex(error);
  if (index === undefined) return undefined;
  return index === "users_email_lower_idx"
    ? conflict("email", ErrorText.emailTaken)
    : conflict("username", ErrorText.usernameTaken);
}

async function companyIdsOf(tx: Db, uuids: string[]): Promise<number[]> {
  const unique = [...new Set(uuids)];
  const ids = await repo.companyIds(tx, unique);
  if (ids.size !== unique.length) throw validationError({ company_uuids: COMPANY_MISSING_TEXT });
  return [...ids.values()];
}

/** The user with companies and access: seven small queries, whatever the user has. */
async function load(db: Db, id: number): Promise<AdminUser | undefined> {
  const user = await repo.findUser(db, id);
  if (!user) return undefined;
  const companies = await repo.companiesOf(db, [id]);
  return adminUser(user, companies.get(id) ?? [], await accessOf(db, id));
}

async function mustLoad(db: Db, id: number): Promise<AdminUser> {
  const user = await load(db, id);
  if (!user) throw notFound();
  return user;
}

export function createAdminUsersService(deps: AdminUsersServiceDeps) {
  const { db } = deps;

  /** The letter with a password_reset link: the reset page and route of the auth feature finish it. */
  async function mailPasswordLink(tx: Db, user: AdminUser, kind: "welcome" | "reset"): Promise<void> {
    const token = await createOneTimeLink(tx, user.id, "password_reset", ADMIN_LINK_TTL_MS);
    const greeting = `Здравствуйте${user.first_name ? `, ${user.first_name}` : ""}!`;
    const what =
      kind === "welcome"
        ? [
            "Администратор портала «Надой» создал для вас учётную запись.",
            `Имя пользователя: ${user.username}. Задайте пароль по ссылке:`,
          ]
        : [
            `Администратор портала «Надой» предлагает сменить пароль пользователя ${user.username}. Задайте новый по ссылке:`,
          ];
    await enqueueMail(tx, {
      to: user.email,
      subject: kind === "welcome" ? "Надой: ваша учётная запись" : "Надой: смена пароля",
      text: [
        greeting,
        "",
        ...what,
        passwordResetUrl(deps.publicUrl, token),
        "",
        `Или введите код на странице ${deps.publicUrl}/token-confirm:`,
        token,
        "",
        `Ссылка действует 3 дня. Если она устарела, запросите новую на странице ${deps.publicUrl}/submit-email.`,
      ].join("\n"),
    });
  }

  return {
    async list(query: ListQuery): Promise<{ items: AdminUserRow[]; total: number; page: number; page_size: number }> {
      const { rows, total } = await repo.listUsers(
        db,
        { q: query.q, role: query.role, active: query.active },
        ADMIN_USERS_PAGE_SIZE,
        (query.page - 1) * ADMIN_USERS_PAGE_SIZE,
      );
      const companies = await repo.companiesOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        items: rows.map((row) => adminUserRow(row, companies.get(row.id) ?? [])),
        total,
        page: query.page,
        page_size: ADMIN_USERS_PAGE_SIZE,
      };
    },

    get: (id: number) => mustLoad(db, id),

    /** No password: the new user sets one through the mailed link (a password_reset link). */
    async create(who: Admin, body: CreateBody): Promise<AdminUser> {
      refuseSuperuserChange(who.caller, body.is_superuser);
      const fields: Record<string, string> = {};
      if (await repo.taken(db, "username", body.username)) fields.username = ErrorText.usernameTaken;
      if (await repo.taken(db, "email", body.email)) fields.email = ErrorText.emailTaken;
      const first = Object.values(fields)[0];
      if (first !== undefined) throw new ApiError(409, ErrorCode.conflict, first, fields);
      let created: AdminUser;
      try {
        created = await db.transaction(async (tx) => {
          const companyIds = await companyIdsOf(tx, body.company_uuids);
          const id = await repo.insertUser(tx, {
            username: body.username,
            email: body.email,
            firstName: body.first_name,
            lastName: body.last_name,
            isSuperuser: body.is_superuser,
            isActive: body.is_active,
            // The admin vouches for the address; and an account made inactive here reads as
            // disabled (login says so, and the mailed link cannot switch it on).
            emailConfirmedAt: new Date(),
            ...moduleValues(body.modules),
          });
          await repo.replaceGroups(tx, id, body.role === null ? [] : [body.role]);
          await repo.replaceCompanies(tx, id, companyIds);
          await applyAccess(tx, id, body, companyIds, false);
          const user = await mustLoad(tx, id);
          await mailPasswordLink(tx, user, "welcome");
          await audit(tx, {
            action: "user_created",
            userId: who.caller.id,
            ip: who.ip,
            details: { id, before: null, after: { ...auditSnapshot(user), access: accessSnapshot(user.access) } },
          });
          return user;
        });
      } catch (error) {
        throw takenByIndex(error) ?? error;
      }
      deps.mailQueued();
      return created;
    },

    /**
     * Only the fields sent change. Switching a user off signs out every session of theirs in the
     * same transaction; their sockets close right after the commit, on every instance.
     */
    async update(who: Admin, id: number, body: UpdateBody): Promise<AdminUser> {
      const self = who.caller.id === id;
      let outcome: { user: AdminUser; deactivated: boolean };
      try {
        outcome = await db.transaction(async (tx) => {
          if (!(await repo.lockUser(tx, id))) throw notFound();
          const record = await repo.findUser(tx, id);
          if (!record) throw notFound();
          const before = adminUser(record, (await repo.companiesOf(tx, [id])).get(id) ?? [], await accessOf(tx, id));
          refuseSuperuserChange(who.caller, before.is_superuser);
          const superuser = body.is_superuser ?? before.is_superuser;
          refuseSuperuserChange(who.caller, superuser);

          const groups = await repo.groupsOf(tx, id);
          // The role is the first group; other groups the user has stay after it.
          const newGroups =
            body.role === undefined
              ? groups
              : body.role === null
                ? []
                : [body.role, ...groups.filter((g) => g !== body.role)];
          if (self) {
            if (body.is_active === false) throw conflict("is_active", SELF_DEACTIVATE_TEXT);
            if (before.is_superuser && !superuser) throw conflict("is_superuser", SELF_UNSUPER_TEXT);
            if (!canAdminister({ groups: newGroups, is_superuser: superuser }))
              throw conflict("role", SELF_DEMOTE_TEXT);
          }
          if (body.username !== undefined && body.username.toLowerCase() !== before.username.toLowerCase()) {
            if (await repo.taken(tx, "username", body.username, id))
              throw conflict("username", ErrorText.usernameTaken);
          }
          if (body.email !== undefined && body.email.toLowerCase() !== before.email.toLowerCase()) {
            if (await repo.taken(tx, "email", body.email, id)) throw conflict("email", ErrorText.emailTaken);
          }

          const activeChanges = body.is_active !== undefined && body.is_active !== before.is_active;
          await repo.updateUser(tx, id, {
            ...(body.username !== undefined && { username: body.username }),
            ...(body.email !== undefined && { email: body.email }),
            ...(body.first_name !== undefined && { firstName: body.first_name }),
            ...(body.last_name !== undefined && { lastName: body.last_name }),
            ...(body.is_superuser !== undefined && { isSuperuser: body.is_superuser }),
            ...(activeChanges && { isActive: body.is_active }),
            // Switched by an admin, the account counts as confirmed: off reads as "disabled" at
            // login and a pending registration link cannot switch it back on.
            ...(activeChanges && !record.emailConfirmedAt && { emailConfirmedAt: new Date() }),
            ...moduleValues(body.modules ?? {}),
          });
          if (body.role !== undefined) await repo.replaceGroups(tx, id, newGroups);
          const companyIds = body.company_uuids === undefined ? undefined : await companyIdsOf(tx, body.company_uuids);
          if (companyIds !== undefined) await repo.replaceCompanies(tx, id, companyIds);
          // Farms, databases, DTM entries and company reports follow the companies; the access
          // fields sent are checked against the companies after this change.
          if (companyIds !== undefined || sendsAccess(body)) {
            await applyAccess(tx, id, body, companyIds ?? (await companyIdsOfUser(tx, id)), companyIds !== undefined);
          }
          const deactivated = activeChanges && body.is_active === false;
          if (deactivated) await repo.revokeAllSessions(tx, id, "deactivated");

          const after = await mustLoad(tx, id);
          const { is_active: wasActive, ...beforeRest } = auditSnapshot(before);
          const { is_active: isActive, ...afterRest } = auditSnapshot(after);
          const edited = changes(beforeRest, afterRest);
          if (edited) {
            await audit(tx, { action: "user_updated", userId: who.caller.id, ip: who.ip, details: { id, ...edited } });
          }
          const accessEdited = changes(accessSnapshot(before.access), accessSnapshot(after.access));
          if (accessEdited) {
            await audit(tx, {
              action: "user_access_updated",
              userId: who.caller.id,
              ip: who.ip,
              details: { id, ...accessEdited },
            });
          }
          if (activeChanges) {
            await audit(tx, {
              action: deactivated ? "user_deactivated" : "user_activated",
              userId: who.caller.id,
              ip: who.ip,
              details: { id, before: { is_active: wasActive }, after: { is_active: isActive } },
            });
          }
          return { user: after, deactivated };
        });
      } catch (error) {
        throw takenByIndex(error) ?? error;
      }
      if (outcome.deactivated) await deps.sessionsEnded({ userId: id });
      else await deps.callersChanged([id]);
      return outcome.user;
    },

    /** A new password_reset link by mail; the user's sessions stay until they use it. */
    async sendPasswordReset(who: Admin, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.lockUser(tx, id))) throw notFound();
        const user = await mustLoad(tx, id);
        refuseSuperuserChange(who.caller, user.is_superuser);
        if (!user.email) throw conflict("email", NO_EMAIL_TEXT);
        await mailPasswordLink(tx, user, "reset");
        await audit(tx, {
          action: "user_password_reset_sent",
          userId: who.caller.id,
          ip: who.ip,
          details: { id, email: user.email },
        });
      });
      deps.mailQueued();
    },
  };
}
