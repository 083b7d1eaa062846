// What must hold after every restart: each acknowledged write is there exactly once, nothing is
// half-written (SQL invariants over rows that one transaction writes together), and PostgreSQL
// commits synchronously.
import { call } from "./api.mjs";

/** Returns a list of problems (empty = all well). Updates each task's acknowledged state to the database's. */
export async function verify(pool, setup, ledger, baseline, baseUrl) {
  const problems = [];

  const { rows: settings } = await pool.query("show synchronous_commit");
  if (settings[0]?.synchronous_commit !== "on") {
    problems.push(`synchronous_commit is ${settings[0]?.synchronous_commit}, expected on`);
  }

  // Public form submissions: one row per acknowledged client_id, carrying its marker.
  const formIds = [...ledger.forms.keys()];
  const { rows: formRows } = await pool.query(
    `select client_submission_id::text as id, count(*)::int as n, min(values->>$3) as marker
       from list_rows where list_id = $1 and client_submission_id = any($2::uuid[])
      group by client_submission_id`,
    [setup.form.listId, formIds, setup.form.markerColumn],
  );
  const formsFound = new Map(formRows.map((r) => [r.id, r]));
  for (const [id, marker] of ledger.forms) {
    const row = formsFound.get(id);
    if (!row) problems.push(`form submission ${id}: acknowledged, missing`);
    else if (row.n !== 1) problems.push(`form submission ${id}: ${row.n} rows`);
    else if (row.marker !== marker) problems.push(`form submission ${id}: value ${row.marker}, sent ${marker}`);
  }

  // Chat messages: one per acknowledged client_id, with its id and text.
  const { rows: messageRows } = await pool.query(
    `select client_id::text as client_id, count(*)::int as n, min(id) as id, min(content) as content
       from chat_messages where chat_id = $1 and client_id = any($2::uuid[])
      group by client_id`,
    [setup.chat.id, [...ledger.messages.keys()]],
  );
  const messagesFound = new Map(messageRows.map((r) => [r.client_id, r]));
  for (const [clientId, sent] of ledger.messages) {
    const row = messagesFound.get(clientId);
    if (!row) problems.push(`chat message ${clientId} (id ${sent.id}): acknowledged, missing`);
    else if (row.n !== 1) problems.push(`chat message ${clientId}: ${row.n} rows`);
    else if (row.id !== sent.id || row.content !== sent.content) {
      problems.push(`chat message ${clientId}: stored as id ${row.id} «${row.content}», answered id ${sent.id}`);
    }
  }

  // Task moves: the task is where its last acknowledged move put it, or where a move that got
  // no answer (the kill) put it — one version further.
  const { rows: taskRows } = await pool.query(
    `select id, group_id, "order"::text as "order", version from tasks where id = any($1::int[])`,
    [setup.tasks.map((t) => t.id)],
  );
  const tasksFound = new Map(taskRows.map((r) => [r.id, r]));
  for (const task of setup.tasks) {
    const row = tasksFound.get(task.id);
    const { acked } = task;
    if (!row) {
      problems.push(`task ${task.id}: missing`);
      continue;
    }
    const same = row.version === acked.version && row.group_id === acked.group && sameOrder(row.order, acked.order);
    const unanswered = row.version === acked.version + 1 && task.maybe.includes(row.group_id);
    if (!same && !unanswered) {
      problems.push(
        `task ${task.id}: in group ${row.group_id} at ${row.order} v${row.version}, ` +
          `acknowledged group ${acked.group} at ${acked.order} v${acked.version}`,
      );
    }
    task.acked = { group: row.group_id, order: row.order, version: row.version };
    task.maybe = [];
  }

  problems.push(...(await invariants(pool, setup, baseline)));
  problems.push(...(await chatSummaries(pool, setup, baseUrl)));
  return problems;
}

/** Each member's chat list after the restart: the last message and the unread count match the rows. */
async function chatSummaries(pool, setup, baseUrl) {
  const problems = [];
  const { rows: members } = await pool.query(
    `select u.username, cm.last_read_id,
            (select max(id) from chat_messages m where m.chat_id = cm.chat_id and m.deleted_at is null) as last_id,
            (select count(*)::int from chat_messages m where m.chat_id = cm.chat_id and m.deleted_at is null
                and m.id > cm.last_read_id and m.sender_id is distinct from cm.user_id) as unread
       from chat_members cm join users u on u.id = cm.user_id where cm.chat_id = $1`,
    [setup.chat.id],
  );
  for (const member of members) {
    const token = setup.tokens[member.username];
    if (!token) continue;
    const list = await call(baseUrl, "GET", "/api/chat/chats/", { token });
    const summary = list.chats.find((c) => c.uuid === setup.chat.uuid);
    const seen = { last: summary?.last_message?.id, unread: summary?.unread_count, read: summary?.last_read_id };
    const stored = { last: member.last_id, unread: member.unread, read: member.last_read_id };
    if (JSON.stringify(seen) !== JSON.stringify(stored)) {
      problems.push(`chat list of ${member.username}: ${JSON.stringify(seen)}, rows say ${JSON.stringify(stored)}`);
    }
  }
  return problems;
}

const sameOrder = (a, b) => Number(a) === Number(b) && a.replace(/\.?0+$/, "") === b.replace(/\.?0+$/, "");

/** What the form's row count minus its owner's counted answers is before the load (seeded rows). */
export async function formBaseline(pool, setup) {
  const { rows } = await pool.query(
    `select (select count(*) from list_rows where list_id = $1)
          - (select coalesce(sum(answers), 0) from list_form_notifications where list_id = $1) as d`,
    [setup.form.listId],
  );
  return Number(rows[0].d);
}

/** Rows one transaction writes together: all or none of them exist. */
async function invariants(pool, setup, baseline) {
  const problems = [];
  const check = async (name, sql, params = []) => {
    const { rows } = await pool.query(sql, params);
    if (rows.length > 0) problems.push(`${name}: ${JSON.stringify(rows.slice(0, 5))}`);
  };

  // A form row and the owner's answer count (insert or update of the notice) commit together.
  const now = await formBaseline(pool, setup);
  if (now !== baseline) problems.push(`form rows minus notified answers is ${now}, was ${baseline}`);
  await check(
    "form rows without values",
    `select id from list_rows where list_id = $1 and client_submission_id is not null and values = '{}'::jsonb`,
    [setup.form.listId],
  );

  // Numbered realtime events: every channel's counter equals its last event, with no gaps.
  await check(
    "realtime counters and events disagree",
    `select c.topic, c.seq, e.n, e.lo, e.hi from realtime_channels c
       left join (select topic, count(*)::int as n, min(seq) as lo, max(seq) as hi from realtime_events group by topic) e
         on e.topic = c.topic
      where e.hi is distinct from c.seq or e.n <> e.hi - e.lo + 1`,
  );
  await check(
    "realtime events without a counter",
    "select distinct e.topic from realtime_events e where not exists (select 1 from realtime_channels c where c.topic = e.topic)",
  );

  // A chat message, its author's read mark and one CHAT_MESSAGE event per member commit together.
  await check(
    "chat messages whose author's read mark is behind",
    `select m.id from chat_messages m
       join chat_members cm on cm.chat_id = m.chat_id and cm.user_id = m.sender_id
      where m.chat_id = $1 and m.client_id is not null and cm.last_read_id < m.id`,
    [setup.chat.id],
  );
  await check(
    "chat messages without one event per member",
    `with ev as (
       select (data::jsonb->'message'->>'id')::int as id, count(*)::int as n from realtime_events
        where topic like 'main:%' and data::jsonb->>'msg_type' = 'CHAT_MESSAGE' group by 1)
     select m.id, coalesce(ev.n, 0) as events,
            (select count(*)::int from chat_members cm where cm.chat_id = m.chat_id) as members
       from chat_messages m left join ev on ev.id = m.id
      where m.chat_id = $1 and m.client_id is not null
        and coalesce(ev.n, 0) <> (select count(*) from chat_members cm where cm.chat_id = m.chat_id)`,
    [setup.chat.id],
  );

  // A task's version counts its changes: each move also recorded one board event about it.
  await check(
    "tasks sharing a place in a group",
    `select group_id, "order", count(*)::int as n from tasks group by 1, 2 having count(*) > 1`,
  );
  await check(
    "task versions without their board events",
    `with ev as (
       select (data::jsonb->'change'->'task'->>'id')::int as id, count(*)::int as n,
              max((data::jsonb->'change'->'task'->>'version')::int) as last
         from realtime_events where topic = $2 and data::jsonb->'change'->>'kind' = 'task' group by 1)
     select t.id, t.version, ev.n, ev.last from tasks t left join ev on ev.id = t.id
      where t.id = any($1::int[]) and (coalesce(ev.n, 0) <> t.version or ev.last is distinct from t.version)`,
    [setup.tasks.map((t) => t.id), `board:${setup.board.uuid}`],
  );
  return problems;
}
