import { applyBoardEvent, applyViewerEvent } from "@nadoy/contract/board-state";
import type { BoardState } from "@nadoy/contract/boards";
import type { BoardCommand, BoardEvent, BoardViewer } from "@nadoy/contract/realtime";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useAppConfig } from "../../shared/hooks/use-app-config.ts";
import { readAccessToken } from "../../shared/lib/browser-storage.ts";
import { runTokenFlow } from "../../shared/lib/token-flow.ts";
import { boardQueryKey, fetchBoard } from "./api.ts";
import { BoardJournal } from "./board-journal.ts";
import { BoardSocketClient, type BoardSocketStatus, type WebSocketClass } from "./board-socket-client.ts";

export interface BoardLiveHandlers {
  /** An admin closed the task the user has open (admin_request_close addressed to them). */
  onAdminClose?: (event: Extract<BoardEvent, { type: "admin_request_close" }>) => void;
  /** A task was deleted (by anyone). */
  onTaskDeleted?: (taskId: number) => void;
  /** A command was refused (`error` event). */
  onError?: (message: string) => void;
}

/**
 * One board, live (spec §4 "Realtime board connection"): GET the board first, then open its
 * socket with `since` = the state's `seq`; every numbered event goes through applyBoardEvent into
 * the query cache, and events that arrive while a GET is in flight are applied to its answer too
 * (BoardJournal). `connected` with `resync: true` refetches. Reconnects use the state's current
 * `seq`. Who is on the board (`viewers`) is kept beside it. The task the user has open is told
 * to the server (open_task / close_task) and told again after every reconnect.
 */
export function useBoardLive(boardUuid: string, userId: number, handlers: BoardLiveHandlers = {}) {
  const queryClient = useQueryClient();
  const journal = useMemo(() => new BoardJournal(), []);
  const key = boardQueryKey(boardUuid);
  const board = useQuery({
    queryKey: key,
    queryFn: () => fetchBoard(boardUuid, journal),
    // Only the socket says when the state changed: an automatic refetch is never needed.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
  const config = useAppConfig();
  const [viewers, setViewers] = useState<readonly BoardViewer[]>([]);
  const [status, setStatus] = useState<BoardSocketStatus>("connecting");
  const clientRef = useRef<BoardSocketClient | null>(null);
  const openTaskRef = useRef<number | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  const loaded = board.data !== undefined;
  const host = config.isPending ? null : (config.data?.board_socket_host ?? window.location.host);

  useEffect(() => {
    if (!loaded || host === null) return;
    const boardKey = boardQueryKey(boardUuid);
    const setState = (change: (state: BoardState) => BoardState) =>
      queryClient.setQueryData<BoardState>(boardKey, (state) => (state ? change(state) : state));
    const client = new BoardSocketClient({
      boardUuid,
      accessToken: readAccessToken,
      since: () => queryClient.getQueryData<BoardState>(boardKey)?.seq ?? 0,
      host,
      protocol: window.location.protocol,
      WebSocket: window.WebSocket as unknown as WebSocketClass,
      onStatus: setStatus,
      onUnauthorized: (token) => void runTokenFlow(token),
      onEvent: (event) => {
        journal.record(event);
        switch (event.type) {
          case "connected": {
            setViewers((list) => applyViewerEvent(list, event));
            if (event.resync) void queryClient.refetchQueries({ queryKey: boardKey, exact: true });
            const open = openTaskRef.current;
            if (open !== null)
              client.send({ type: "NEW_MESSAGE", message: "open_task", task_id: open, user_id: userId });
            return;
          }
          case "update":
          case "state":
            setState((state) => applyBoardEvent(state, event));
            return;
          case "task_delete_request":
            setState((state) => applyBoardEvent(state, event));
            if (openTaskRef.current === event.task_id) openTaskRef.current = null;
            handlersRef.current.onTaskDeleted?.(event.task_id);
            return;
          case "task_open":
          case "task_close":
          case "board_connected":
          case "board_disconnected":
            setViewers((list) => applyViewerEvent(list, event));
            return;
          case "admin_request_close":
            if (event.user_id !== userId) return;
            openTaskRef.current = null;
            handlersRef.current.onAdminClose?.(event);
            return;
          case "error":
            handlersRef.current.onError?.(event.message);
            return;
        }
      },
    });
    clientRef.current = client;
    client.start();
    return () => {
      client.stop();
      if (clientRef.current === client) clientRef.current = null;
      setViewers([]);
    };
  }, [loaded, host, boardUuid, userId, queryClient, journal]);

  const send = useCallback((command: BoardCommand) => clientRef.current?.send(command) ?? false, []);

  /** The task the user has open in the drawer (null: none): told to the server at once. */
  const setOpenTask = useCallback(
    (taskId: number | null) => {
      const previous = openTaskRef.current;
      if (previous === taskId) return;
      openTaskRef.current = taskId;
      if (previous !== null) send({ type: "NEW_MESSAGE", message: "close_task", task_id: previous, user_id: userId });
      if (taskId !== null) send({ type: "NEW_MESSAGE", message: "open_task", task_id: taskId, user_id: userId });
    },
    [send, userId],
  );

  /** After 4409: take the board over in this tab (the other tab's socket is then closed). */
  const reconnect = useCallback(() => clientRef.current?.start(), []);

  return { board, viewers, status, send, setOpenTask, reconnect };
}
