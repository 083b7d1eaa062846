import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { Db } from "../../db/client.ts";
import { movedIds } from "../../platform/access/superusers.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import { existingUserIds, memberIds } from "./business.repository.ts";

// What the companies, farms, databases and DTM services share: errors in Russian and the member check.

export const COMPANY_NAME_TAKEN_TEXT = "Компания с таким названием уже есть";
export const COMPANY_HAS_DATABASES_TEXT =
  "У компании есть базы данных — удалить её нельзя. Отключите базы данных или обратитесь к разработчикам";
export const FARM_NAME_TAKEN_TEXT = "В компании уже есть ферма с таким названием";
export const FARM_HAS_DATABASES_TEXT =
  "К ферме привязаны базы данных — сначала привяжите их к компании или другой ферме";
export const DATABASE_TAKEN_TEXT = "База данных с таким именем на этом сервере уже зарегистрирована";
export const FARM_NOT_IN_COMPANY_TEXT = "Выберите ферму этой компании";
export const DTM_CODE_TAKEN_TEXT = "У компании уже есть такой код DTM";
export const USER_MISSING_TEXT = "Некоторых пользователей больше нет — обновите страницу";
export const NOT_A_MEMBER_TEXT = "Выбирать можно только пользователей этой компании";

export interface Admin {
  caller: AuthUser;
  ip: string;
}

export const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);
export const conflict = (field: string, text: string) => new ApiError(409, ErrorCode.conflict, text, { [field]: text });

/** Unique ids that all exist: 400 with fields.user_ids otherwise. */
export async function existingUsers(tx: Db, userIds: number[]): Promise<number[]> {
  const unique = [...new Set(userIds)];
  const found = await existingUserIds(tx, unique);
  if (found.length !== unique.length) throw validationError({ user_ids: USER_MISSING_TEXT });
  return unique;
}

/** Unique ids, each a member of the company: 400 with fields.user_ids otherwise. */
export async function membersOnly(tx: Db, companyId: number, userIds: number[]): Promise<number[]> {
  const unique = await existingUsers(tx, userIds);
  const members = new Set(await memberIds(tx, companyId));
  if (unique.some((id) => !members.has(id))) throw validationError({ user_ids: NOT_A_MEMBER_TEXT });
  return unique;
}

/**
 * Called after a commit with the users who joined or left a company or farm: their open sockets
 * follow at once, on every instance (hub.callersChanged re-checks them).
 */
export type MembersChanged = (userIds: number[]) => Promise<void>;

/** Who is in one member list and not the other (the users a change of it concerns). */
export function movedMembers(before: readonly { id: number }[], after: readonly { id: number }[]): number[] {
  return movedIds(
    before.map((u) => u.id),
    after.map((u) => u.id),
  );
}
