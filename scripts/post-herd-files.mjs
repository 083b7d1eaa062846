// Posts every file of a folder to a running server as DC305 uploads of one herd database and
// prints, per file, what the server made of it: the kind, or the refusal; rows; animals and events
// new / changed / unchanged; refused rows. With --commit each staged upload is committed too.
//
//   node scripts/post-herd-files.mjs <base URL> <username> <password> <database uuid> <folder> [--commit]
//
// The files are streamed (Content-Length from their size), as a browser sends them.
import { createReadStream, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { commit: { type: "boolean" } } });
const [base, username, password, databaseUuid, folder] = positionals;
if (!base || !username || !password || !databaseUuid || !folder) {
  console.error(
    "usage: node scripts/post-herd-files.mjs <base URL> <username> <password> <database uuid> <folder> [--commit]",
  );
  process.exit(2);
}
const api = (path) => `${base.replace(/\/$/, "")}${path}`;

const login = await fetch(api("/api/users/token/"), {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ username, password }),
});
if (!login.ok) {
  console.error(`sign-in failed: ${login.status} ${await login.text()}`);
  process.exit(1);
}
const { access } = await login.json();
const auth = { authorization: `Bearer ${access}` };

const rows = [];
for (const name of readdirSync(folder).sort()) {
  const path = join(folder, name);
  const size = statSync(path).size;
  if (!statSync(path).isFile()) continue;
  const started = performance.now();
  const query = new URLSearchParams({ format: "dc305", name });
  const res = await fetch(api(`/api/herd/${databaseUuid}/uploads/?${query}`), {
    method: "POST",
    headers: { ...auth, "content-type": "text/csv", "content-length": String(size) },
    body: Readable.toWeb(createReadStream(path)),
    duplex: "half",
  });
  const ms = Math.round(performance.now() - started);
  const body = await res.json();
  if (res.status !== 201) {
    rows.push({ file: name, bytes: size, result: `${res.status}: ${body.message}`, ms });
    continue;
  }
  const p = body.preview;
  const row = {
    file: name,
    bytes: size,
    result: body.kind,
    rows: p.rows,
    animals: `${p.animals_new}/${p.animals_changed}/${p.animals_unchanged}`,
    events: `${p.events_new}/${p.events_unchanged}`,
    test_days: `${p.test_days_new}/${p.test_days_unchanged}`,
    refused: p.rows_refused,
    ms,
  };
  if (values.commit) {
    const started2 = performance.now();
    const c = await fetch(api(`/api/herd/uploads/${body.upload_uuid}/commit/`), { method: "POST", headers: auth });
    const committed = await c.json();
    row.commit = c.ok
      ? `ok ${Math.round(performance.now() - started2)} ms (events +${committed.events_new})`
      : `${c.status}: ${committed.message}`;
  }
  rows.push(row);
}
console.log("animals: new/changed/unchanged; events and test days: new/unchanged");
console.table(rows);
