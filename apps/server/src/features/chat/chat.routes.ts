import {
  chatContacts,
  chatHistory,
  chatTyping,
  createChat,
  deleteChatMessage,
  editChatMessage,
  listChats,
  markChatRead,
  pinChatMessage,
  searchChat,
  sendChatMessage,
  updateChat,
} from "@nadoy/contract/chat";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute } from "../../platform/routes.ts";
import { createChatService } from "./chat.service.ts";

/** Chat: direct and group chats, messages, read marks, typing (contract chat.ts). */
export function chatRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const chat = createChatService(deps);

  registerRoute(app, db, listChats, ({ user }) => chat.list(user));
  registerRoute(app, db, chatContacts, ({ user }) => chat.contacts(user));
  registerRoute(app, db, createChat, ({ user, body }) => chat.create(user, body));
  registerRoute(app, db, updateChat, ({ user, params, body }) => chat.update(user, params.uuid, body));
  registerRoute(app, db, chatHistory, ({ user, params, query }) =>
    chat.history(user, params.uuid, query.before_id, query.limit),
  );
  registerRoute(app, db, searchChat, ({ user, params, query }) => chat.search(user, params.uuid, query.q));
  registerRoute(app, db, sendChatMessage, ({ user, params, body }) => chat.send(user, params.uuid, body));
  registerRoute(app, db, editChatMessage, ({ user, params, body }) => chat.edit(user, params.id, body.content));
  registerRoute(app, db, deleteChatMessage, async ({ user, params }) => {
    await chat.remove(user, params.id);
  });
  registerRoute(app, db, pinChatMessage, ({ user, params, body }) => chat.pin(user, params.id, body.pinned));
  registerRoute(app, db, markChatRead, ({ user, params, body }) => chat.read(user, params.uuid, body.last_read_id));
  registerRoute(app, db, chatTyping, async ({ user, params }) => {
    await chat.typing(user, params.uuid);
  });
}
