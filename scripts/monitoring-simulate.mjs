#!/usr/bin/env node
// `npm run monitoring:simulate -- --key ndk_… [--url http://localhost:8080] [--hours 24] [--step 5]
//   [--interval 10] [--batches N] [--mqtt mqtt://127.0.0.1:1883 --gateway sim-1]
//   [--describe --db <database uuid> --user <login> [--password …] [--tz Europe/Moscow]]`
//
// With --describe it first signs in as --user (password from --password or NADOY_PASSWORD) and,
// when the database has no series yet, describes a small farm through the model editor's API
// (contract monitoring-model.ts, what «Схема площадки» calls): a site, a milk cooler with a
// temperature sensor (2–6 °C) and a compressor channel, substation ТП-1 with an input meter, its
// power and two feeders. The user must be staff of the database's company (roles 1–5).
//
// Plays an on-farm gateway against a running server: asks which series its key's monitoring
// database has (GET /api/monitoring/ingest/series/), sends `--hours` of history at `--step`
// minutes in batches of up to 10,000 readings, then a reading of every series each `--interval`
// seconds (live, until Ctrl+C or `--batches` live batches). Over HTTP (POST /api/monitoring/ingest/)
// or, with --mqtt, as messages on nadoy/readings/<gateway> with the answers read from …/result.
// Sensors follow a daily wave between their thresholds (now and then above the upper one), state
// channels switch now and then, meters count up with a load that peaks at the milkings.

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
};
const url = option("url", "http://localhost:8080").replace(/\/$/, "");
const key = option("key", process.env.NADOY_KEY);
const hours = Number(option("hours", "0"));
const stepMinutes = Number(option("step", "5"));
const intervalSeconds = Number(option("interval", "10"));
const liveBatches = option("batches", undefined);
const mqttUrl = option("mqtt", undefined);
const gateway = option("gateway", `sim-${process.pid}`);
const BATCH_MAX = 10_000;

if (!key) {
  console.error("Нужен ключ: --key ndk_… (его выдаёт «Генератор ключей», назначение «приём показаний»)");
  process.exit(2);
}

if (args.includes("--describe")) await describeFarm();

const response = await fetch(`${url}/api/monitoring/ingest/series/`, { headers: { authorization: `Key ${key}` } });
if (!response.ok) {
  console.error(`Сервер не выдал ряды: ${response.status} ${await response.text()}`);
  process.exit(1);
}
const { series } = await response.json();
if (series.length === 0) {
  console.error(
    "В базе мониторинга этого ключа нет ни одного ряда: опишите площадку, устройства и ряды в «Схеме площадки» " +
      "на странице мониторинга базы (или запустите с --describe --db <uuid базы> --user <логин>)",
  );
  process.exit(1);
}
console.log(`Рядов: ${series.length} (${url}${mqttUrl ? `, MQTT ${mqttUrl} как ${gateway}` : ""})`);

// A small seeded generator per series, so that two runs send the same shapes.
const random = (seed) => () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const HOUR = 3_600_000;
/** The farm's load: milkings at 5–8 and 17–20 (the server's local time), little at night. */
const load = (ms) => {
  const h = new Date(ms).getHours();
  return (h >= 5 && h < 8) || (h >= 17 && h < 20) ? 1 : h >= 22 || h < 5 ? 0.3 : 0.6;
};
const players = series.map((s) => {
  const next = random(s.id * 7919);
  let counter = 1000 + s.id * 100;
  let state = s.states?.[0]?.code;
  let last = null;
  return (ms) => {
    if (s.kind === "state") {
      if (!state || next() < 0.1) state = s.states[Math.floor(next() * s.states.length)]?.code ?? "on";
      return { series_id: s.id, ts: new Date(ms).toISOString(), state };
    }
    const kw = 5 + 20 * load(ms) * (0.8 + next() * 0.4);
    if (s.kind === "energy") {
      counter += last === null ? 0 : (kw * (ms - last)) / HOUR;
      last = ms;
      return { series_id: s.id, ts: new Date(ms).toISOString(), value: Math.round(counter * 100) / 100 };
    }
    if (s.kind === "power")
      return { series_id: s.id, ts: new Date(ms).toISOString(), value: Math.round(kw * 100) / 100 };
    const low = s.low ?? 0;
    const high = s.high ?? low + 10;
    const mid = (low + high) / 2;
    const wave = Math.sin((2 * Math.PI * (ms % (24 * HOUR))) / (24 * HOUR));
    const above = next() < 0.02 ? (high - low) * 0.3 : 0;
    const value = mid + ((high - low) / 2) * 0.8 * wave + (next() - 0.5) * (high - low) * 0.1 + above;
    return { series_id: s.id, ts: new Date(ms).toISOString(), value: Math.round(value * 100) / 100 };
  };
});

let mqtt = null;
if (mqttUrl) {
  const { default: client } = await import("mqtt");
  mqtt = await client.connectAsync(mqttUrl, { protocolVersion: 5 });
  await mqtt.subscribeAsync(`nadoy/readings/${gateway}/result`, { qos: 1 });
}

async function send(readings) {
  if (mqtt) {
    const answer = new Promise((resolve) =>
      mqtt.once("message", (_topic, buffer) => resolve(JSON.parse(buffer.toString()))),
    );
    await mqtt.publishAsync(`nadoy/readings/${gateway}`, JSON.stringify({ key, readings }), { qos: 1 });
    return answer;
  }
  const res = await fetch(`${url}/api/monitoring/ingest/`, {
    method: "POST",
    headers: { authorization: `Key ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ readings }),
  });
  return res.json();
}

const report = (label, readings, answer) => {
  if (answer.code) console.log(`${label}: отказ — ${answer.message}`);
  else {
    const first = answer.rejected[0];
    console.log(
      `${label}: отправлено ${readings.length}, принято ${answer.accepted}, отклонено ${answer.rejected.length}` +
        (first ? ` (первая: №${first.index} — ${first.message})` : ""),
    );
  }
};

// History first, oldest to newest.
if (hours > 0) {
  const step = stepMinutes * 60_000;
  let batch = [];
  const start = Math.ceil((Date.now() - hours * HOUR) / step) * step;
  for (let ms = start; ms <= Date.now(); ms += step) {
    for (const play of players) batch.push(play(ms));
    if (batch.length + players.length > BATCH_MAX || ms + step > Date.now()) {
      report(`история до ${new Date(ms).toLocaleString("ru-RU")}`, batch, await send(batch));
      batch = [];
    }
  }
}

let sent = 0;
const tick = async () => {
  const readings = players.map((play) => play(Date.now()));
  report(new Date().toLocaleTimeString("ru-RU"), readings, await send(readings));
  sent += 1;
  if (liveBatches !== undefined && sent >= Number(liveBatches)) {
    clearInterval(timer);
    await mqtt?.endAsync();
  }
};
const timer = setInterval(() => tick().catch((error) => console.error(error.message)), intervalSeconds * 1000);
await tick();

/** --describe: a small farm through the model editor's API, unless the database has series already. */
async function describeFarm() {
  const db = option("db", undefined);
  const username = option("user", undefined);
  const password = option("password", process.env.NADOY_PASSWORD);
  if (!db || !username || !password) {
    console.error(
      "Для --describe нужны --db <uuid базы мониторинга>, --user <логин> и пароль (--password или NADOY_PASSWORD)",
    );
    process.exit(2);
  }
  const call = async (method, path, body, token) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
      ...(body && { body: JSON.stringify(body) }),
    });
    const answer = await res.json();
    if (!res.ok) {
      console.error(`${method} ${path}: ${res.status} ${answer.message ?? ""}`);
      process.exit(1);
    }
    return answer;
  };
  const { access } = await call("POST", "/api/users/token/", { username, password });
  const base = `/api/monitoring/${db}/model`;
  const model = await call("GET", `${base}/`, undefined, access);
  if (model.series.length > 0) {
    console.log(`В базе «${model.database.name}» уже есть ряды (${model.series.length}): схема не меняется`);
    return;
  }
  const make = (path, body) => call("POST", `${base}/${path}/`, body, access);
  const site = await make("sites", { name: "Симулятор", time_zone: option("tz", "Europe/Moscow") });
  const site_id = site.id;
  const cooler = await make("devices", { site_id, kind: "Танк-охладитель", name: "Танк 1" });
  const device_id = cooler.id;
  await make("series", { site_id, device_id, kind: "sensor", name: "Температура молока", unit: "°C", low: 2, high: 6 });
  await make("series", {
    site_id,
    device_id,
    kind: "state",
    name: "Компрессор",
    states: [
      { code: "on", name: "Работает", color: "#2e7d32" },
      { code: "off", name: "Выключен", color: "#9e9e9e" },
      { code: "fault", name: "Авария", color: "#c62828" },
    ],
  });
  const substation_id = (await make("substations", { site_id, name: "ТП-1" })).id;
  const meter = (kind, name, meter_role) =>
    make("series", { site_id, kind, name, unit: kind === "energy" ? "кВт·ч" : "кВт", substation_id, meter_role });
  await meter("energy", "Ввод", "input");
  await meter("power", "Ввод: мощность", "input");
  await meter("energy", "Коровник", "feeder");
  await meter("energy", "Доильный зал", "feeder");
  console.log(`Описана площадка «Симулятор» в базе «${model.database.name}»: 6 рядов`);
}
