import { and, asc, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { instructions } from "../../db/schema/index.ts";
import { type Reader, readableBy } from "./instruction-audience.ts";
import { MATCH_START, MATCH_STOP, SNIPPET_LENGTH } from "./instruction-text.ts";

// The readers' SQL: the articles the caller may read, in the editors' order or found by a search,
// and one article. Search is Russian full text over title and text — the very expression of the
// GIN index instructions_search_idx — plus a prefix query for words typed in part, and the title
// containing the query as typed.

export interface ListedRow {
  uuid: string;
  title: string;
  updatedAt: Date;
  /** The start of the text. */
  head: string;
}

export interface FoundRow extends ListedRow {
  /** Whole words around the best match in the text, matches between MATCH_START and MATCH_STOP. */
  headline: string;
  /** Where the headline starts in the whole text, 1-based (0: not found). */
  at: number;
  textLength: number;
}

/** Matches instructions_search_idx's expression exactly, so the index serves the match. */
const DOCUMENT = sql`to_tsvector('russian', ${sql.raw(`"instructions"."title"`)} || ' ' || ${sql.raw(
  `"instructions"."plain_text"`,
)})`;

/** Enough of the start for a snippet of SNIPPET_LENGTH cut at a word. */
const HEAD_CHARS = SNIPPET_LENGTH + 60;

/** The readable articles in order, with the start of each text. */
export async function readableInOrder(db: Db, reader: Reader): Promise<ListedRow[]> {
  const rows = await db
    .select({
      uuid: instructions.uuid,
      title: instructions.title,
      updatedAt: instructions.updatedAt,
      head: sql<string>`left(${instructions.plainText}, ${HEAD_CHARS}::int)`,
    })
    .from(instructions)
    .where(readableBy(reader))
    .orderBy(asc(instructions.position), asc(instructions.id));
  return rows;
}

/** One fragment of 20–40 words centred on the best match, matches marked. */
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_STOP}, MaxFragments=1, MinWords=20, MaxWords=40`;

/** `%` and `_` typed by the reader are matched as themselves, not as wildcards. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, "\\$&")}%`;

/**
 * Every word (letters and digits only, so nothing of tsquery's syntax gets through) as a prefix,
 * all of them required: «воспроизв отч» finds «воспроизводство», «отчёт».
 */
function prefixQuery(q: string): string {
  const words = q.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 12)
    .map((word) => `${word}:*`)
    .join(" & ");
}

/** Readable articles matching `q`, best first (title matches weigh more), then in order. */
export async function searchReadable(db: Db, reader: Reader, q: string): Promise<FoundRow[]> {
  const prefix = prefixQuery(q);
  const query =
    prefix === ""
      ? sql`websearch_to_tsquery('russian', ${q})`
      : sql`(websearch_to_tsquery('russian', ${q}) || to_tsquery('russian', ${prefix}))`;
  const titleHit = sql`("instructions"."title" ilike ${containing(q)})`;
  const rows = await queryRows<{
    uuid: string;
    title: string;
    updated_at: Date | string;
    head: string;
    headline: string;
    at: number;
    text_length: number;
  }>(
    db,
    sql`select uuid, title, updated_at, head, headline, length(plain_text) as text_length,
        strpos(plain_text, translate(headline, ${MATCH_START + MATCH_STOP}, '')) as at
      from (
        select "instructions"."uuid", "instructions"."title", "instructions"."updated_at", "instructions"."plain_text",
          "instructions"."position", "instructions"."id", left("instructions"."plain_text", ${HEAD_CHARS}::int) as head,
          ts_headline('russian', "instructions"."plain_text", q.query, ${HEADLINE_OPTIONS}) as headline,
          ts_rank(setweight(to_tsvector('russian', "instructions"."title"), 'A')
            || setweight(to_tsvector('russian', "instructions"."plain_text"), 'B'), q.query)
            + case when ${titleHit} then 1 else 0 end as rank
        from "instructions", (select ${query} as query) q
        where ${readableBy(reader)} and (${DOCUMENT} @@ q.query or ${titleHit})
      ) found
      order by rank desc, position, id`,
  );
  return rows.map((row) => ({
    uuid: row.uuid,
    title: row.title,
    updatedAt: new Date(row.updated_at),
    head: row.head,
    headline: row.headline,
    at: Number(row.at),
    textLength: Number(row.text_length),
  }));
}

/** The article with its body when the caller may read it; undefined otherwise (or when missing). */
export async function readableArticle(db: Db, reader: Reader, uuid: string) {
  const [row] = await db
    .select({
      id: instructions.id,
      uuid: instructions.uuid,
      title: instructions.title,
      body: instructions.body,
      updatedAt: instructions.updatedAt,
    })
    .from(instructions)
    .where(and(eq(instructions.uuid, uuid), readableBy(reader)))
    .limit(1);
  return row;
}
