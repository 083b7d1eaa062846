import {
  type BoardEvent,
  boardEventSchema,
  type MainServerMessage,
  mainServerMessageSchema,
} from "@nadoy/contract/realtime";
import type { z } from "zod";

/**
 * What may be published on each channel, checked against the contract before it leaves:
 * - main: presence to everyone (topic `main`), numbered chat events per user (`main:<user id>`),
 *   board task hints per company (`company:<company id>`);
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

/** A channel, or one instance of a channel (`board:<uuid>`, `main:<user id>`). */
export function topicOf(channel: ChannelName | "company", key?: string | number): string {
  return key === undefined ? channel : `${channel}:${key}`;
}

/** The frame of a message, checked against the contract (a bug here throws rather than sends). */
export function serialiseMessage<C extends ChannelName>(channel: C, message: ChannelMessages[C]): string {
  return JSON.stringify(CHANNEL_SCHEMAS[channel].parse(message));
}
