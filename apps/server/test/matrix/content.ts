import type { MatrixFixture } from "./fixture.ts";
import { editors, everyone, INVALID, onlyRoles, type Row, signedIn } from "./types.ts";

// News, content images, editors' notifications and the announcement, instructions. The editors'
// area is for superusers and role 2 and is not per company: the other-company caller (role 3) is
// one more non-editor. The news item is for company A only, so the other company's user does not
// see it; the instruction is for everyone, whatever the company.

const freshNews = async (fx: MatrixFixture) => {
  const news = await fx.su<{ id: number }>("POST", "/api/manage/news/", { title: "Удалить" }, 201);
  return { params: { id: news.id } };
};

const freshInstruction = async (fx: MatrixFixture) => {
  const item = await fx.su<{ uuid: string }>("POST", "/api/manage/instructions/", { title: "Удалить" }, 201);
  return { params: { uuid: item.uuid } };
};

export const contentRows: Row[] = [
  { route: "GET /api/news/", expected: signedIn(200) },
  {
    route: "GET /api/news/:id/",
    expected: signedIn(200, { "other company": 404 }),
    send: (fx) => ({ params: { id: fx.newsId } }),
  },
  { route: "GET /api/manage/news/", expected: editors(200) },
  { route: "POST /api/manage/news/", expected: editors(400), send: () => ({ body: INVALID }) },
  { route: "GET /api/manage/news/:id/", expected: editors(200), send: (fx) => ({ params: { id: fx.newsId } }) },
  {
    route: "PATCH /api/manage/news/:id/",
    expected: editors(400),
    send: (fx) => ({ params: { id: fx.newsId }, body: INVALID }),
  },
  { route: "DELETE /api/manage/news/:id/", expected: editors(204), send: freshNews },
  {
    route: "POST /api/manage/news/:id/publish/",
    expected: editors(400),
    send: (fx) => ({ params: { id: fx.newsId }, body: INVALID }),
  },
  {
    route: "POST /api/content/images/",
    expected: onlyRoles([1, 2], 400),
    send: () => ({ raw: { payload: Buffer.from("x"), contentType: "application/octet-stream" } }),
    note: "no ?name=: refused after the role check",
  },
  {
    route: "GET /api/content/images/:uuid/",
    expected: everyone(200),
    send: (fx) => ({ params: { uuid: fx.contentImageUuid } }),
  },
  { route: "POST /api/manage/notifications/", expected: editors(400), send: () => ({ body: INVALID }) },
  { route: "GET /api/manage/notifications/", expected: editors(200) },
  { route: "GET /api/manage/recipients/", expected: editors(200) },
  { route: "GET /api/manage/announcement/", expected: editors(200) },
  { route: "PUT /api/manage/announcement/", expected: editors(400), send: () => ({ body: INVALID }) },
  { route: "GET /api/instructions/", expected: signedIn(200) },
  {
    route: "GET /api/instructions/:uuid/",
    expected: signedIn(200),
    send: (fx) => ({ params: { uuid: fx.instructionUuid } }),
  },
  { route: "GET /api/manage/instructions/", expected: editors(200) },
  { route: "POST /api/manage/instructions/", expected: editors(400), send: () => ({ body: INVALID }) },
  {
    route: "GET /api/manage/instructions/:uuid/",
    expected: editors(200),
    send: (fx) => ({ params: { uuid: fx.instructionUuid } }),
  },
  {
    route: "PATCH /api/manage/instructions/:uuid/",
    expected: editors(400),
    send: (fx) => ({ params: { uuid: fx.instructionUuid }, body: INVALID }),
  },
  { route: "DELETE /api/manage/instructions/:uuid/", expected: editors(204), send: freshInstruction },
  { route: "PUT /api/manage/instructions/order/", expected: editors(400), send: () => ({ body: INVALID }) },
];
