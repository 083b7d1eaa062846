// The load of one round: `loops` concurrent loops, each sending one write at a time (a public form
// submission, a chat message, or a move of the loop's own task) until told to stop. A write goes
// into the ledger only once the server answered 2xx (acknowledged); the server's other answers are
// counted by status. A task's moves that got no answer are kept as "maybe": they may have committed.
import { randomUUID } from "node:crypto";
import { CHAT_USERS, call, HttpError, MOVE_USERS } from "./api.mjs";

export function createLedger() {
  return {
    /** client_id → marker written into the form's first text field. */
    forms: new Map(),
    /** client_id → { id, senderId, content } as the server answered. */
    messages: new Map(),
    /** Acknowledged task moves, in all. */
    moves: 0,
  };
}

const pick = (items) => items[Math.floor(Math.random() * items.length)];

let addressCounter = 0;
/** A client address of its own for each form send (the route allows 20 a minute per address). */
function nextAddress() {
  addressCounter += 1;
  const n = addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Runs the loops until `stop()` is called; resolves with the round's counts once every loop has
 * ended (their last requests fail when the server is killed).
 */
export function startLoad({ baseUrl, setup, ledger, loops }) {
  const state = { stop: false };
  const round = { forms: 0, messages: 0, moves: 0, inFlight: 0, refused: {}, serverErrors: [] };
  const refused = (status) => {
    round.refused[status] = (round.refused[status] ?? 0) + 1;
  };

  async function sendForm() {
    const clientId = randomUUID();
    const marker = `Сбой ${clientId}`;
    const formData = {};
    for (const column of setup.form.textFields) formData[column] = "Проверка записи при сбое";
    for (const column of setup.form.checkboxes) formData[column] = true;
    formData[setup.form.markerColumn] = marker;
    await call(baseUrl, "POST", "/api/tableLists/link_uuid_form/", {
      body: { uuid_link: setup.form.link, client_id: clientId, form_data: formData },
      headers: { "x-forwarded-for": nextAddress() },
    });
    ledger.forms.set(clientId, marker);
    round.forms += 1;
  }

  async function sendMessage(username) {
    const clientId = randomUUID();
    const content = `Сообщение при сбое ${clientId}`;
    const message = await call(baseUrl, "POST", `/api/chat/chats/${setup.chat.uuid}/messages/`, {
      token: setup.tokens[username],
      body: { content, client_id: clientId },
    });
    ledger.messages.set(clientId, { id: message.id, senderId: message.user_id, content });
    round.messages += 1;
  }

  async function moveTask(task, username) {
    const group = pick(setup.board.groups);
    // Before a seeded task (those never move) or to the end of the group.
    const beforeId = Math.random() < 0.3 && group.fixed.length > 0 ? pick(group.fixed) : null;
    task.maybe.push(group.id);
    const card = await call(baseUrl, "POST", `/api/tasks/${task.uuid}/move/`, {
      token: setup.tokens[username],
      body: { group_uuid: group.uuid, before_id: beforeId },
    });
    if (card.group !== group.id) throw new Error(`task ${task.id} moved to group ${card.group}, asked ${group.id}`);
    task.acked = { group: card.group, order: card.order, version: card.version };
    task.maybe = [];
    ledger.moves += 1;
    round.moves += 1;
  }

  async function loop(index) {
    const task = setup.tasks[index];
    const chatUser = CHAT_USERS[index % CHAT_USERS.length];
    const moveUser = MOVE_USERS[index % MOVE_USERS.length];
    let chatLimited = false;
    while (!state.stop) {
      const kinds = ["form", "move", ...(chatLimited ? [] : ["chat"])];
      const kind = pick(kinds);
      round.inFlight += 1;
      try {
        if (kind === "form") await sendForm();
        else if (kind === "chat") await sendMessage(chatUser);
        else await moveTask(task, moveUser);
      } catch (error) {
        if (error instanceof HttpError) {
          // An answer that is not 2xx: nothing was written, so the move is not "maybe" either.
          if (kind === "move") task.maybe.pop();
          if (error.status === 429 && kind === "chat") chatLimited = true;
          else if (error.status >= 500) round.serverErrors.push(`${kind}: ${error.message}`);
          refused(error.status);
        } else if (!state.stop) {
          // No answer while the server was meant to be up.
          round.serverErrors.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
        }
      } finally {
        round.inFlight -= 1;
      }
    }
  }

  const running = Promise.all(setup.tasks.slice(0, loops).map((_, i) => loop(i)));
  return {
    /** Stops new writes; returns how many were on their way at that moment. */
    stop() {
      state.stop = true;
      return round.inFlight;
    },
    done: running.then(() => round),
  };
}
