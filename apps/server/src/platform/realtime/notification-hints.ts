import type { FastifyBaseLogger } from "fastify";
import { type RealtimeHub, topicOf } from "./hub.ts";

/** Up to this many recipients are told one by one; a larger audience gets one message to everyone. */
export const PER_USER_HINTS_MAX = 1000;

/**
 * Tells the recipients' main sockets that their notifications changed, after the send committed.
 * Not numbered (the poll is the record): a failure is logged and the bells catch up within a poll,
 * so it never fails the send. A very large audience gets one broadcast instead of thousands of
 * messages; a socket whose user got nothing then refetches for nothing.
 */
export async function hintRecipients(realtime: RealtimeHub, log: FastifyBaseLogger, userIds: readonly number[]) {
  const message = { msg_type: "NOTIFICATIONS_CHANGED" } as const;
  try {
    if (userIds.length > PER_USER_HINTS_MAX) {
      await realtime.publish("main", message, topicOf("main"));
    } else {
      await Promise.all(userIds.map((id) => realtime.publish("main", message, topicOf("main", id))));
    }
  } catch (error) {
    log.error({ err: error }, "notifications: could not tell the recipients' sockets");
  }
}
