import mqtt, { type MqttClient } from "mqtt";

// ---- MQTT ingestion (issue 19 item 3): with MQTT_URL set, the server subscribes to the gateways'
// topics and ingests each message's readings exactly as POST /api/monitoring/ingest/ does ----
//
// Topic scheme (README "Monitoring ingestion"):
//   nadoy/readings/<gateway>          a gateway publishes {key, readings: [{series_id, ts, value | state}]}
//   nadoy/readings/<gateway>/result   the server answers {accepted, rejected: [{index, message}]}
//                                     or {code, message} (a bad key, a bad payload), QoS 1
// <gateway> is any name without "/" the gateway picks (its serial number, say); it only routes
// the answer back. The key travels in the payload, never in the topic: every subscriber of the
// broker sees topics. The subscription is shared ($share/nadoy/…): with several servers on one
// broker each message is taken by one of them.

export const MQTT_TOPIC_PREFIX = "nadoy/readings";
const SHARE_GROUP = "nadoy";

/** What the HTTP route answers for the same body: the result, or an error with its code and Russian text. */
export type MqttIngestAnswer =
  | { accepted: number; rejected: { index: number; message: string }[] }
  | { code: string; message: string };

export type MqttIngestHandler = (
  payload: unknown,
  meta: { gateway: string; topic: string },
) => Promise<MqttIngestAnswer>;

export interface MqttIngest {
  /** Resolves once subscribed for the first time (the broker may be down at start: it keeps trying). */
  ready: Promise<void>;
  /** Resolves when every message taken so far has been answered (tests; a graceful stop). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** The gateway named by a readings topic, or null for a topic that is not one (its own answers among them). */
export function gatewayOf(topic: string, prefix = MQTT_TOPIC_PREFIX): string | null {
  const rest = topic.startsWith(`${prefix}/`) ? topic.slice(prefix.length + 1) : null;
  return rest && !rest.includes("/") ? rest : null;
}

/**
 * Connects to the broker (and again after it is lost) and subscribes; each message is parsed as JSON and handed to `handle`,
 * its answer published to the gateway's result topic. Messages are handled one at a time per
 * server (ingestion serialises a database's batches anyway), in the order the broker gives them.
 */
export function startMqttIngest(
  url: string,
  handle: MqttIngestHandler,
  options: { log?: { error(obj: unknown, msg: string): void }; prefix?: string } = {},
): MqttIngest {
  const log = options.log ?? console;
  // Another prefix keeps apart servers that share a broker but not a database (the tests).
  const prefix = options.prefix ?? MQTT_TOPIC_PREFIX;
  const client: MqttClient = mqtt.connect(url, {
    protocolVersion: 5,
    clientId: `nadoy-server-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    // A broker down at start or gone for a while: try again every 2 s, subscribing anew each time.
    reconnectPeriod: 2000,
  });
  let chain: Promise<void> = Promise.resolve();
  client.on("message", (topic, buffer) => {
    const gateway = gatewayOf(topic, prefix);
    if (gateway === null) return;
    chain = chain.then(async () => {
      let answer: MqttIngestAnswer;
      try {
        answer = await handle(parsePayload(buffer), { gateway, topic });
      } catch (error) {
        log.error({ err: error, topic }, "mqtt ingest failed");
        answer = { code: "internal", message: "Внутренняя ошибка сервера: пакет не принят, отправьте его ещё раз" };
      }
      await client
        .publishAsync(`${topic}/result`, JSON.stringify(answer), { qos: 1 })
        .catch((error: unknown) => log.error({ err: error, topic }, "mqtt answer not sent"));
    });
  });
  client.on("error", (error) => log.error({ err: error }, "mqtt client error"));
  const ready = new Promise<void>((resolve) => {
    client.on("connect", () => {
      client
        .subscribeAsync(`$share/${SHARE_GROUP}/${prefix}/+`, { qos: 1 })
        .then(() => resolve())
        .catch((error: unknown) => log.error({ err: error }, "mqtt subscribe failed"));
    });
  });
  return {
    ready,
    idle: () => chain,
    close: async () => {
      await chain;
      await client.endAsync();
    },
  };
}

/** The message as JSON, or a marker the handler turns into the same 400 as the HTTP route's. */
function parsePayload(buffer: Buffer): unknown {
  try {
    return JSON.parse(buffer.toString("utf8"));
  } catch {
    return MALFORMED;
  }
}

/** The payload of a message that is not JSON. */
export const MALFORMED = Symbol("malformed mqtt payload");
