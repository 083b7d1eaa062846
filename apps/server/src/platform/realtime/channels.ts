import {
  type BoardEvent,
  boardEventSchema,
  type MainServerMessage,
  mainServerMessageSchema,
} from "@nadoy/contract/realtime";
import type { z } from "zod";

/**
 * What may be published on each channel, checked against the contract before it leaves:
 * - main: presence (topic `main`, filtered per socket: hub.ts), numbered chat events per user
 *   (`main:<user id>`), board and list hints per company and kind (`companyTopic`), the demo
 *   monitoring pages' hints to staff (DEMO_MONITORING_TOPIC);
 * - board: one topic per board (`board:<uuid>`).
 */
export interface ChannelMessages {
  main: MainServerMessage;
  board: BoardEvent;
}
export type ChannelName = keyof ChannelMessages;

const CHANNEL_SCHEMAS: { [C in ChannelName]: z.ZodType<ChannelMessages[C]> } = {
  main: mainServerMessageSchema,
  board: boardEventSchema,
};

/**
 * What a company's members hear of on their main sockets, one topic each, so that a socket is
 * subscribed only to what its user may see: board task hints (boards module), list or table
 * change hints (those modules; clients no tables), new monitoring readings (everyone: a hint names
 * only the database, whose figures each page asks for with its own rights).
 */
export type CompanyArea = "boards" | "list" | "table" | "monitoring";

/** `company:<id>:<area>`: a company's hints of one kind. */
export function companyTopic(companyId: number, area: CompanyArea): string {
  return `company:${companyId}:${area}`;
}

/**
 * `demo:monitoring`: new readings of the staff's demo monitoring pages' database, which sits in a
 * company with no members (features/monitoring/demo-site/demo-database.ts): every staff member's
 * main socket (roles.ts seesMonitoringDemo, and superusers) instead of that company's topic; no client's.
 */
export const DEMO_MONITORING_TOPIC = "demo:monitoring";

/** A channel, or one instance of a channel (`board:<uuid>`, `main:<user id>`). */
export function topicOf(channel: ChannelName, key?: string | number): string {
  return key === undefined ? channel : `${channel}:${key}`;
}

/** The frame of a message, checked against the contract (a bug here throws rather than sends). */
export function serialiseMessage<C extends ChannelName>(channel: C, message: ChannelMessages[C]): string {
  return JSON.stringify(CHANNEL_SCHEMAS[channel].parse(message));
}
