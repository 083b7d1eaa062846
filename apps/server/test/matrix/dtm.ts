import type { MatrixFixture } from "./fixture.ts";
import { type Row, signedIn } from "./types.ts";

// The DTM module (contract dtm.ts): an entry is seen by whoever it is given to and is a member of
// its company (every caller of company A here), and by superusers; the other company's user was
// given it too but is no member: 404, as missing. No role is refused.

const entry = (fx: MatrixFixture) => ({
  params: { uuid: fx.dtmUuid },
  query: { from: "2026-11-01", to: "2026-11-27" },
});

export const dtmRows: Row[] = [
  { route: "GET /api/dtm/:uuid/transfers/", expected: signedIn(200, { "other company": 404 }), send: entry },
  {
    route: "GET /api/dtm/:uuid/transfers/export/",
    expected: signedIn(200, { "other company": 404 }),
    note: "an XLSX of the entry's (here no) transfers",
    send: entry,
  },
];
