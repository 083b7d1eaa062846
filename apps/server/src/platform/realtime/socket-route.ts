import { ErrorCode } from "@nadoy/contract/errors";
import { MAIN_SOCKET_HANDSHAKES_PER_MINUTE } from "@nadoy/contract/realtime";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * What every WebSocket path shares (spread into `app.route` with its wsHandler): GET, a handshake
 * rate limit per client address (reconnect storms, scripted abuse), and 426 with an error body for
 * a plain HTTP request.
 */
export function socketRoute(url: string) {
  return {
    method: "GET" as const,
    url,
    config: { rateLimit: { max: MAIN_SOCKET_HANDSHAKES_PER_MINUTE, timeWindow: 60_000 } },
    handler: async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(426)
        .header("upgrade", "websocket")
        .send({ code: ErrorCode.upgradeRequired, message: "Ожидается WebSocket-соединение" }),
  };
}
