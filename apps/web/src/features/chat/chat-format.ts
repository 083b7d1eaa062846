import type { ChatLastMessage } from "@nadoy/contract/chat";
import { BELL_COUNTER_CAP } from "@nadoy/contract/constants";
import { pluralRu } from "@nadoy/contract/plural";
import dayjs from "dayjs";
import type { TypingPerson } from "./chat-store.ts";

/** The navbar badge and the list's counts: «99+» above 99, like the bell. */
export function unreadText(count: number): string {
  return count > BELL_COUNTER_CAP ? `${BELL_COUNTER_CAP}+` : String(count);
}

/** The chat list's date: the time today, «вчера», the day this year, else the full date. */
export function chatListDate(iso: string, now: Date = new Date()): string {
  const date = dayjs(iso);
  const today = dayjs(now);
  if (date.isSame(today, "day")) return date.format("HH:mm");
  if (date.isSame(today.subtract(1, "day"), "day")) return "вчера";
  if (date.isSame(today, "year")) return date.format("D MMM");
  return date.format("DD.MM.YYYY");
}

/** A bubble's time; the whole date in its tooltip. */
export function messageTime(iso: string): string {
  return dayjs(iso).format("HH:mm");
}

export function messageFullDate(iso: string): string {
  return dayjs(iso).format("DD.MM.YYYY HH:mm");
}

/** «Иван Петров» or «Вы», with the application a message came from: «Иван Петров · Сервис». */
export function senderLabel(message: Pick<ChatLastMessage, "sender_name" | "application">, own: boolean): string {
  const name = own ? "Вы" : message.sender_name;
  return message.application ? `${name} · ${message.application}` : name;
}

/**
 * A message with files and no text, where only that is known (a quote, a pin): a message that is
 * not deleted has text or files.
 */
export const FILES_ONLY_TEXT = "Вложение";

/** What a message without text shows in the list: «Вложение», «Вложения: 3». */
export function attachmentsText(count: number): string {
  return count === 1 ? FILES_ONLY_TEXT : `Вложения: ${count}`;
}

/** The chat list's line for the last message: its text, or its files when it has no text. */
export function lastMessageText(last: Pick<ChatLastMessage, "content" | "attachments_count">): string {
  return last.content === "" && last.attachments_count > 0 ? attachmentsText(last.attachments_count) : last.content;
}

/** «Иван печатает…», «Иван и Пётр печатают…», «Иван и ещё 2 печатают…». */
export function typingText(people: readonly TypingPerson[]): string {
  const [first, second] = people;
  if (!first) return "";
  if (!second) return `${first.name} печатает…`;
  if (people.length === 2) return `${first.name} и ${second.name} печатают…`;
  return `${first.name} и ещё ${people.length - 1} печатают…`;
}

/** «3 участника». */
export function membersText(count: number): string {
  return `${count} ${pluralRu(count, ["участник", "участника", "участников"])}`;
}
