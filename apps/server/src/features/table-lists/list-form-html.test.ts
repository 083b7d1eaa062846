import type { FormDefinition, ListDetail } from "@nadoy/contract/lists";
import type { FormElement } from "@nadoy/contract/table-lists";
import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCompanyCallers, listApi } from "../../../test/lists.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { listFormElements, listForms } from "../../db/schema/index.ts";

// Issue 15 item 10: a form's header, conclusion, text blocks and field descriptions are stored
// sanitised and served sanitised — public form_data gives any client clean HTML, not only the web
// app (which cleans it once more). A form stored raw before this change is served clean as well.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const XSS = '<img src=x onerror=alert(1)><script>alert("x")</script>';
const HEADER = `${XSS}Заявка «1 < 2 & 3»`;
const CONCLUSION = `<b>Спасибо</b>${XSS}`;
const TEXT_BLOCK = `<p>Текст <b>жирный</b></p>${XSS}<a href="javascript:alert(1)" onclick="alert(2)">ссылка</a>`;
const FIELD_LABEL = '<i>Описание</i><svg onload="alert(1)"></svg><a href="https://nadoy.example/x">правила</a>';
const LINK = "https://nadoy.example/pravila?a=1&b=2";

/** What is kept: text as typed, the form's formatting, links that open apart with http(s) only. */
const CLEAN = {
  header: "Заявка «1 < 2 & 3»",
  conclusion: "Спасибо",
  textBlock: '<p>Текст <b>жирный</b></p><a target="_blank" rel="noopener noreferrer">ссылка</a>',
  fieldLabel: '<i>Описание</i><a href="https://nadoy.example/x" target="_blank" rel="noopener noreferrer">правила</a>',
};

async function setup() {
  const company = await createCompanyCallers(t);
  const api = listApi(t, company.byLabel("role 3").token);
  const list = (
    await api.createList({
      name: "Заявки",
      company_uuid: company.company.uuid,
      columns: [{ name: "Комментарий", type: "text" }],
    })
  ).json<ListDetail>();
  return { api, list, column: list.columns[0]?.uuid as string };
}

async function saveAndPublish(api: ReturnType<typeof listApi>, listUuid: string, column: string) {
  const saved = await api.saveForm(listUuid, {
    form_header: HEADER,
    conclusion: CONCLUSION,
    elements: [
      { column_uuid: null, type_form_element: "text_block", label_data: TEXT_BLOCK },
      { column_uuid: column, type_form_element: null, label_data: FIELD_LABEL },
      { column_uuid: null, type_form_element: "link_block", label_data: LINK, place_holder: "Правила" },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await api.publish(listUuid, true)).statusCode).toBe(200);
  return saved.json<FormDefinition>();
}

const formData = async (link: string) => {
  const res = await t.request({ method: "GET", url: `/api/tableLists/form_data/?uuid_link=${link}` });
  expect(res.statusCode).toBe(200);
  return res.json<FormElement[]>();
};

const DANGEROUS = /<script|<img|<svg|onerror|onload|onclick|javascript:/i;

/** The public form as an attacker's victim receives it: every element clean. */
function expectCleanFormData(elements: FormElement[]) {
  expect(JSON.stringify(elements)).not.toMatch(DANGEROUS);
  expect(elements.map((e) => [e.form_header, e.conclusion])).toEqual(
    elements.map(() => [CLEAN.header, CLEAN.conclusion]),
  );
  expect(elements.map((e) => e.label_data)).toEqual([CLEAN.textBlock, CLEAN.fieldLabel, LINK]);
}

describe("a form's HTML", () => {
  it("is stored without scripts, handlers, pictures or javascript: links; the header and conclusion as plain text", async () => {
    const { api, list, column } = await setup();

    const saved = await saveAndPublish(api, list.uuid, column);

    expect(saved).toMatchObject({ form_header: CLEAN.header, conclusion: CLEAN.conclusion });
    expect(saved.elements.map((e) => e.label_data)).toEqual([CLEAN.textBlock, CLEAN.fieldLabel, LINK]);
    const [form] = await t.database.db.select().from(listForms);
    const stored = await t.database.db.select().from(listFormElements).orderBy(listFormElements.order);
    expect([form?.formHeader, form?.conclusion]).toEqual([CLEAN.header, CLEAN.conclusion]);
    expect(stored.map((e) => e.labelData)).toEqual([CLEAN.textBlock, CLEAN.fieldLabel, LINK]);
  });

  it("is served clean by the public form_data", async () => {
    const { api, list, column } = await setup();
    const saved = await saveAndPublish(api, list.uuid, column);

    expectCleanFormData(await formData(saved.uuid_link));
  });

  it("stored raw before the server sanitised, is served clean by form_data and by the builder", async () => {
    const { api, list, column } = await setup();
    const saved = await saveAndPublish(api, list.uuid, column);
    const db = t.database.db;
    await db.update(listForms).set({ formHeader: HEADER, conclusion: CONCLUSION });
    await db
      .update(listFormElements)
      .set({ labelData: TEXT_BLOCK })
      .where(eq(listFormElements.typeFormElement, "text_block"));
    await db.update(listFormElements).set({ labelData: FIELD_LABEL }).where(isNull(listFormElements.typeFormElement));

    expectCleanFormData(await formData(saved.uuid_link));
    const builder = (await api.form(list.uuid)).json<FormDefinition>();
    expect(JSON.stringify(builder)).not.toMatch(DANGEROUS);
    expect(builder).toMatchObject({ form_header: CLEAN.header, conclusion: CLEAN.conclusion });
  });
});
