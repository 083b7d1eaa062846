import { randomUUID } from "node:crypto";
import mqtt, { type MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { gatewayOf, MALFORMED, type MqttIngest, type MqttIngestHandler, startMqttIngest } from "./mqtt-ingest.ts";

// Against the machine's Mosquitto (MQTT_TEST_URL, default 127.0.0.1:1883; .ci/run starts it). A
// prefix of its own per test keeps parallel test runs on one broker apart.

const BROKER = process.env.MQTT_TEST_URL ?? "mqtt://127.0.0.1:1883";
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function gateway(): Promise<MqttClient> {
  const client = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
  open.push({ close: () => client.endAsync() });
  return client;
}

async function server(handle: MqttIngestHandler, prefix: string): Promise<MqttIngest> {
  const ingest = startMqttIngest(BROKER, handle, { prefix, log: { error: () => undefined } });
  open.push(ingest);
  await ingest.ready;
  return ingest;
}

/** Publishes a message and waits for the server's answer on the gateway's result topic. */
async function ask(client: MqttClient, topic: string, payload: string): Promise<unknown> {
  await client.subscribeAsync(`${topic}/result`, { qos: 1 });
  const answer = new Promise<unknown>((resolve) => {
    client.on("message", (t, buffer) => {
      if (t === `${topic}/result`) resolve(JSON.parse(buffer.toString("utf8")));
    });
  });
  await client.publishAsync(topic, payload, { qos: 1 });
  return answer;
}

describe("gatewayOf", () => {
  it("takes the gateway from a readings topic, and nothing from its result topic or another topic", () => {
    expect(gatewayOf("nadoy/readings/robot-7")).toBe("robot-7");
    expect(gatewayOf("nadoy/readings/robot-7/result")).toBeNull();
    expect(gatewayOf("nadoy/other/robot-7")).toBeNull();
    expect(gatewayOf("nadoy/readings/")).toBeNull();
  });
});

describe("MQTT ingestion on the real broker", () => {
  it("hands each message's JSON to the handler and publishes its answer to the gateway's result topic", async () => {
    const prefix = `test-${randomUUID()}/readings`;
    const seen: unknown[] = [];
    await server(async (payload, meta) => {
      seen.push({ payload, gateway: meta.gateway });
      return { accepted: 1, rejected: [{ index: 1, message: "Ряд 9 не найден в этой базе мониторинга" }] };
    }, prefix);
    const client = await gateway();
    const body = { key: "ndk_test", readings: [{ series_id: 1, ts: "2026-03-01T07:30:00+07:00", value: 4.2 }] };
    const answer = await ask(client, `${prefix}/gw-1`, JSON.stringify(body));
    expect(answer).toEqual({
      accepted: 1,
      rejected: [{ index: 1, message: "Ряд 9 не найден в этой базе мониторинга" }],
    });
    expect(seen).toEqual([{ payload: body, gateway: "gw-1" }]);
  });

  it("hands a payload that is not JSON over as malformed, and answers a handler's failure with a Russian error", async () => {
    const prefix = `test-${randomUUID()}/readings`;
    await server(async (payload) => {
      if (payload === MALFORMED) return { code: "validation", message: "Сообщение — не JSON" };
      throw new Error("database down");
    }, prefix);
    const client = await gateway();
    expect(await ask(client, `${prefix}/gw-2`, "{not json")).toEqual({
      code: "validation",
      message: "Сообщение — не JSON",
    });
    expect(await ask(client, `${prefix}/gw-3`, "{}")).toEqual({
      code: "internal",
      message: "Внутренняя ошибка сервера: пакет не принят, отправьте его ещё раз",
    });
  });
});
