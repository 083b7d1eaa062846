import type { MainServerMessage } from "@nadoy/contract/realtime";
import { useEffect } from "react";
import { readAccessToken } from "../../../shared/lib/browser-storage.ts";
import { runTokenFlow } from "../../../shared/lib/token-flow.ts";
import { isNumbered, publishMainMessage, resetMainMessages } from "../../../shared/realtime/main-messages.ts";
import {
  replaceOnlineUsers,
  resetOnlineUsers,
  seedOnlineUsers,
  setSocketConnected,
} from "../../../shared/realtime/online-users.ts";
import { MainSocketClient, type WebSocketClass } from "../main-socket-client.ts";

/**
 * Spec §4 "Main socket" handling of one message.
 * - Presence (SITE_CONNECTED, SITE_DISCONNECTED) carries the whole sorted users_online: it
 *   replaces the list, whoever it is about — the one about the user's own id is the server's
 *   resync after a (re)connect. It is handed on too (the chat list's online dots).
 * - SYNC and numbered messages (chat events) are handed on always, also those caused by the user:
 *   the author's other tabs must show their message, read mark, pin … Spec §4's "messages from
 *   one's own id are ignored" is a rule about notifying (toasts, sounds, the typing indicator,
 *   board hints), which the features apply, not about state.
 * - The other, unnumbered messages are exactly such notices (typing, board task hints): those from
 *   the user's own id are dropped here, everybody else's handed on.
 */
export function handleMainMessage(message: MainServerMessage, ownId: number): void {
  switch (message.msg_type) {
    case "SITE_CONNECTED":
    case "SITE_DISCONNECTED":
      replaceOnlineUsers(message.users_online);
      publishMainMessage(message);
      return;
    case "SYNC":
      publishMainMessage(message);
      return;
    default:
      if (!isNumbered(message) && "user_id" in message && message.user_id === ownId) return;
      publishMainMessage(message);
  }
}

interface MainSocketProps {
  /** The signed-in user's id (users/data). */
  userId: number;
  /** users/data users_online: the list until the socket says otherwise. */
  usersOnline: readonly number[];
  /** The WebSocket class; tests pass a fake one. */
  WebSocketImpl?: WebSocketClass;
}

/** Opens the main socket for the signed-in user (mounted once, in the shell); renders nothing. */
export function MainSocket({ userId, usersOnline, WebSocketImpl }: MainSocketProps) {
  useEffect(() => {
    seedOnlineUsers(usersOnline);
  }, [usersOnline]);

  useEffect(() => {
    const client = new MainSocketClient({
      accessToken: readAccessToken,
      WebSocket: WebSocketImpl ?? window.WebSocket,
      onMessage: (message) => handleMainMessage(message, userId),
      onConnectedChange: setSocketConnected,
      onUnauthorized: (token) => void runTokenFlow(token),
    });
    client.start();
    return () => {
      client.stop();
      resetOnlineUsers();
      resetMainMessages();
    };
  }, [userId, WebSocketImpl]);

  return null;
}
