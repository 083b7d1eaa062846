import { randomUUID } from "node:crypto";
import type { BoardState } from "@nadoy/contract/boards";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import {
  BOARD_SOCKET_COMMAND_BURST,
  BOARD_SOCKET_COMMANDS_PER_SECOND,
  BOARD_SOCKET_ROUTE,
  type BoardCommand,
  type BoardEvent,
  boardCommandSchema,
  boardSocketParamsSchema,
  boardSocketQuerySchema,
  SocketCloseCode,
  SocketCloseReason,
} from "@nadoy/contract/realtime";
import { canForceCloseTasks } from "@nadoy/contract/roles";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { type AuthUser, loadCaller, verifyAccessToken } from "../../platform/auth/guard.ts";
import { ApiError } from "../../platform/errors.ts";
import type { RoomEnvelope } from "../../platform/realtime/backend.ts";
import { serialiseMessage, topicOf } from "../../platform/realtime/channels.ts";
import type { HubConnection, RightsCheck } from "../../platform/realtime/hub.ts";
import { socketRoute } from "../../platform/realtime/socket-route.ts";
import { parseWellFormedJson } from "../../platform/well-formed-json.ts";

/** What the board socket needs from the boards service (the same rules as the REST routes). */
export interface BoardSocketServices {
  /** The board, when the caller may see it. */
  boardFor(caller: AuthUser, boardUuid: string): Promise<{ id: number; uuid: string } | undefined>;
  /** True when the task is on the board. */
  taskOnBoard(boardId: number, taskId: number): Promise<boolean>;
  boardState(caller: AuthUser, boardUuid: string): Promise<BoardState>;
  /** Deletes the task like DELETE /api/tasks/:uuid/ (events, hints); throws ApiError when refused. */
  deleteTask(caller: AuthUser, boardUuid: string, taskId: number): Promise<void>;
  /** The user's display name (for the message a force-closed user sees). */
  nameOf(userId: number): Promise<string>;
}

const roomOf = (boardUuid: string) => `board:${boardUuid}`;

/** One board socket of this instance. */
interface BoardConnection {
  conn: HubConnection;
  /** The user as they are now: replaced when an admin changes them (the hub's recheck). */
  caller: AuthUser;
  board: { id: number; uuid: string };
  connId: string;
}

/**
 * `/ws/board/<board uuid>/?token=&since=` (contract realtime.ts "board socket", spec §4 and §7).
 * Numbered board events come from the boards service through the event log; who is on the board
 * and which task each has open is a hub room shared by all instances, and every room change
 * reaches each instance, which tells its own sockets.
 */
export function registerBoardSocket(app: FastifyInstance, deps: AppDeps, services: BoardSocketServices): void {
  const { realtime: hub, db } = deps;
  const local = new Map<string, BoardConnection>();

  hub.onRoomChange((envelope) => {
    if (!envelope.room.startsWith("board:")) return;
    const boardId = envelope.room.slice("board:".length);
    if (envelope.replaced) {
      const replaced = local.get(envelope.replaced);
      if (replaced) hub.close(replaced.conn, SocketCloseCode.replaced, "replaced");
    }
    const event = roomEvent(boardId, envelope);
    if (!event) return;
    // The joining socket gets the whole list, in stream order; the others only the change.
    const joining = envelope.event === "joined" ? local.get(envelope.connId ?? "") : undefined;
    hub.deliverLocal("board", event, topicOf("board", boardId), joining?.conn);
    if (joining) {
      send(joining.conn, {
        type: "board_connected",
        board_id: boardId,
        user_id: envelope.user_id,
        viewers: envelope.viewers,
      });
    }
  });

  const send = (conn: HubConnection, event: BoardEvent) => hub.sendTo(conn, "board", event);
  const refuse = (conn: HubConnection, error: unknown) => {
    const apiError = error instanceof ApiError ? error : undefined;
    if (!apiError) app.log.error({ err: error }, "board socket: command failed");
    send(conn, {
      type: "error",
      code: apiError?.code ?? ErrorCode.internal,
      message: apiError?.message ?? "Не удалось выполнить команду",
    });
  };

  /** The user_token of a command must be a valid access token of the socket's own user. */
  const tokenIsCallers = (token: string, caller: AuthUser) => verifyAccessToken(app, token)?.userId === caller.id;

  async function forceClose(bc: BoardConnection, taskId: number | undefined): Promise<void> {
    const { caller, board } = bc;
    if (!canForceCloseTasks({ groups: caller.groups, is_superuser: caller.isSuperuser })) {
      throw new ApiError(403, ErrorCode.forbidden, "Закрывать задачи других пользователей может только администратор");
    }
    const room = roomOf(board.uuid);
    const targets = (await hub.roomViewers(room)).filter(
      (v) => v.open_task_id !== null && v.user_id !== caller.id && (taskId === undefined || v.open_task_id === taskId),
    );
    const byName = await services.nameOf(caller.id);
    for (const target of targets) {
      const task = target.open_task_id as number;
      // Why first, then the close itself (Plane's force-close): the addressee shows the reason.
      await hub.publish(
        "board",
        {
          type: "admin_request_close",
          board_id: board.uuid,
          user_id: target.user_id,
          task_id: task,
          by_user_id: caller.id,
          by_name: byName,
        },
        topicOf("board", board.uuid),
      );
      await hub.roomSetTask(room, target.user_id, undefined, null);
    }
  }

  async function leave(bc: BoardConnection): Promise<void> {
    local.delete(bc.connId);
    await hub
      .roomLeave(roomOf(bc.board.uuid), bc.caller.id, bc.connId)
      .catch((error: unknown) => app.log.error({ err: error }, "board socket: could not leave the board"));
  }

  async function run(bc: BoardConnection, command: BoardCommand): Promise<void> {
    const { caller, board, conn, connId } = bc;
    const room = roomOf(board.uuid);
    if ("user_id" in command && command.user_id !== caller.id) {
      throw new ApiError(403, ErrorCode.forbidden, "Команда от имени другого пользователя");
    }
    if ("user_token" in command && !tokenIsCallers(command.user_token, caller)) {
      throw new ApiError(401, ErrorCode.tokenNotValid, ErrorText.unauthorized);
    }
    switch (command.type) {
      case "NEW_MESSAGE": {
        if (command.message === "open_task") {
          if (!(await services.taskOnBoard(board.id, command.task_id))) throw taskNotFound();
          await hub.roomSetTask(room, caller.id, connId, command.task_id);
        } else {
          const me = (await hub.roomViewers(room)).find((v) => v.user_id === caller.id);
          if (me?.open_task_id === command.task_id) await hub.roomSetTask(room, caller.id, connId, null);
        }
        return;
      }
      case "BRD_REQ_UPDATE":
        send(conn, { type: "state", board_id: board.uuid, state: await services.boardState(caller, board.uuid) });
        return;
      case "BRD_DELETE_TASK":
        if (!(await services.taskOnBoard(board.id, command.task_id))) throw taskNotFound();
        await services.deleteTask(caller, board.uuid, command.task_id);
        return;
      case "BRD_CLOSE_REQUEST":
        await forceClose(bc, command.task_id);
        return;
      case "BRD_CLOSE_ALL_REQUEST":
        if (command.board_id !== board.uuid) throw new ApiError(400, ErrorCode.validation, "Это другая доска");
        await forceClose(bc, undefined);
        return;
    }
  }

  app.route({
    ...socketRoute(BOARD_SOCKET_ROUTE),
    wsHandler: (socket, request) => {
      const params = boardSocketParamsSchema.safeParse(request.params);
      const query = boardSocketQuerySchema.safeParse(request.query);
      const claims = query.success ? verifyAccessToken(app, query.data.token) : undefined;
      if (!claims) {
        socket.close(SocketCloseCode.unauthorized, SocketCloseReason.tokenNotValid);
        return;
      }
      if (!params.success) {
        socket.close(SocketCloseCode.notFound, SocketCloseReason.boardNotFound);
        return;
      }
      const boardUuid = params.data.board_uuid;
      const conn = hub.accept(socket, claims);
      const ready = (async (): Promise<BoardConnection | undefined> => {
        const caller = await loadCaller(db, claims);
        if (!caller) {
          hub.close(conn, SocketCloseCode.unauthorized, SocketCloseReason.tokenNotValid);
          return undefined;
        }
        const board = await services.boardFor(caller, boardUuid);
        if (!board) {
          hub.close(conn, SocketCloseCode.notFound, SocketCloseReason.boardNotFound);
          return undefined;
        }
        const room = roomOf(board.uuid);
        const viewers = await hub.roomViewers(room);
        await hub.open(
          conn,
          [],
          [
            {
              topic: topicOf("board", board.uuid),
              since: query.data?.since,
              syncFrame: (seq, resync) =>
                serialiseMessage("board", {
                  type: "connected",
                  board_id: board.uuid,
                  user_id: caller.id,
                  seq,
                  resync,
                  viewers,
                }),
            },
          ],
          { recheck: () => recheck() },
        );
        if (socket.readyState !== socket.OPEN) return undefined;
        const opened: BoardConnection = { conn, caller, board, connId: randomUUID() };
        local.set(opened.connId, opened);
        await hub.roomJoin(room, caller.id, opened.connId);
        // Closed while joining: the close handler's leave may have run first.
        if (socket.readyState !== socket.OPEN) await leave(opened);
        return opened;
      })().catch((error: unknown) => {
        request.log.error({ err: error }, "board socket: could not open");
        hub.close(conn, SocketCloseCode.internalError, "server_error");
        return undefined;
      });
      /**
       * An admin changed the user: a board they may no longer see closes (4404 access_revoked);
       * otherwise the commands that follow run with the user as they are now.
       */
      const recheck = async (): Promise<RightsCheck> => {
        const caller = await loadCaller(db, claims);
        if (!caller) return { close: { code: SocketCloseCode.unauthorized, reason: SocketCloseReason.sessionEnded } };
        const board = await services.boardFor(caller, boardUuid);
        if (!board) return { close: { code: SocketCloseCode.notFound, reason: SocketCloseReason.accessRevoked } };
        const bc = await ready;
        if (bc) bc.caller = caller;
        return { topics: [] };
      };
      const budget = commandBudget();
      // Commands run one at a time per socket, in the order they came, once the socket is in the room.
      let queue: Promise<void> = Promise.resolve();
      socket.on("message", (raw) => {
        if (socket.readyState !== socket.OPEN) return;
        if (!budget.take()) {
          send(conn, { type: "error", code: ErrorCode.tooManyRequests, message: TOO_MANY_COMMANDS });
          hub.close(conn, SocketCloseCode.rateLimited, SocketCloseReason.rateLimited);
          return;
        }
        const text = String(raw);
        queue = queue.then(async () => {
          const bc = await ready;
          await hub.rightsSettled(conn);
          if (!bc || socket.readyState !== socket.OPEN) return;
          let command: BoardCommand;
          try {
            command = boardCommandSchema.parse(parseWellFormedJson(text));
          } catch {
            send(conn, { type: "error", code: ErrorCode.validation, message: "Неизвестная или неполная команда" });
            return;
          }
          await run(bc, command).catch((error: unknown) => refuse(conn, error));
        });
      });
      socket.on("close", () => {
        void ready.then((bc) => bc && leave(bc));
      });
    },
  });
}

const taskNotFound = () => new ApiError(404, ErrorCode.notFound, "Задача не найдена на этой доске");

const TOO_MANY_COMMANDS = "Слишком много команд подряд: соединение с доской будет открыто заново";

/**
 * A socket's command budget, a token bucket (contract BOARD_SOCKET_COMMAND_BURST and
 * BOARD_SOCKET_COMMANDS_PER_SECOND): counted as commands arrive, before any is parsed or run.
 */
export function commandBudget(now: () => number = () => performance.now()) {
  let tokens = BOARD_SOCKET_COMMAND_BURST;
  let at = now();
  return {
    take(): boolean {
      const t = now();
      tokens = Math.min(BOARD_SOCKET_COMMAND_BURST, tokens + ((t - at) / 1000) * BOARD_SOCKET_COMMANDS_PER_SECOND);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/** The board event a room change means (joined/left, a task opened or closed). */
function roomEvent(
  boardId: string,
  envelope: RoomEnvelope,
): Extract<BoardEvent, { type: "board_connected" | "board_disconnected" | "task_open" | "task_close" }> | undefined {
  const { user_id } = envelope;
  switch (envelope.event) {
    case "joined":
      return { type: "board_connected", board_id: boardId, user_id };
    case "left":
      return { type: "board_disconnected", board_id: boardId, user_id };
    case "task":
      if (envelope.task_id !== null)
        return { type: "task_open", board_id: boardId, user_id, task_id: envelope.task_id };
      if (envelope.previous_task_id !== null) {
        return { type: "task_close", board_id: boardId, user_id, task_id: envelope.previous_task_id };
      }
      return undefined;
  }
}
