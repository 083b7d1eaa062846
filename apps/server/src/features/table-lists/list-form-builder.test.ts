import { ErrorCode } from "@nadoy/contract/errors";
import { type FormDefinition, formDefinitionSchema, type ListDetail } from "@nadoy/contract/lists";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectedStatuses, statusByCaller } from "../../../test/callers.ts";
import { createCompanyCallers, listApi } from "../../../test/lists.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { lists } from "../../db/schema/index.ts";
import { FEEDBACK_FORM_LINK, seedFeedbackList } from "../../db/seed/table-lists.ts";
import { FormBuilderText } from "./list-form-builder.service.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

async function setup() {
  const company = await createCompanyCallers(t);
  const api = listApi(t, company.byLabel("role 3").token);
  const list = (
    await api.createList({
      name: "Заявки на осеменение",
      company_uuid: company.company.uuid,
      columns: [
        { name: "Ферма", type: "select", options: [{ name: "МТФ «Заря-1»", color: "blue" }] },
        { name: "Номер коровы", type: "number" },
        { name: "Комментарий", type: "text" },
      ],
    })
  ).json<ListDetail>();
  const [farm, cow, note] = list.columns.map((c) => c.uuid) as [string, string, string];
  return { ...company, api, list, farm, cow, note };
}

const formData = (link: string) => t.request({ method: "GET", url: `/api/tableLists/form_data/?uuid_link=${link}` });

function elementsFor(c: { farm: string; cow: string; note: string }) {
  return [
    { column_uuid: null, type_form_element: "text_block", label_data: "<p>Заполните заявку</p>" },
    { column_uuid: c.cow, type_form_element: null, mandatory_filling: true, not_empty: true, place_holder: "№" },
    { column_uuid: c.farm, type_form_element: null, label_data: "Где стоит корова" },
    { column_uuid: null, type_form_element: "link_block", label_data: " https://nadoy.example/pravila " },
  ];
}

describe("the form builder", () => {
  it("gives a list without a form an empty unpublished one whose link stays fixed", async () => {
    const { api, list } = await setup();

    const first = await api.form(list.uuid);
    const second = await api.form(list.uuid);

    expect(first.statusCode).toBe(200);
    const form = formDefinitionSchema.strict().parse(first.json());
    expect(form).toEqual({
      uuid_link: expect.any(String),
      published: false,
      form_header: "",
      conclusion: "",
      elements: [],
    });
    expect(second.json<FormDefinition>().uuid_link).toBe(form.uuid_link);
  });

  it("saves header, conclusion and elements in order, and publishes them at a link that survives unpublishing", async () => {
    const { api, list, farm, cow, note } = await setup();

    const saved = await api.saveForm(list.uuid, {
      form_header: "Заявка на осеменение",
      conclusion: "Заявка принята",
      elements: elementsFor({ farm, cow, note }),
    });

    expect(saved.statusCode).toBe(200);
    const form = saved.json<FormDefinition>();
    expect(form).toMatchObject({ published: false, form_header: "Заявка на осеменение", conclusion: "Заявка принята" });
    expect(form.elements.map((e) => [e.order, e.column_uuid, e.type_form_element])).toEqual([
      [0, null, "text_block"],
      [1, cow, null],
      [2, farm, null],
      [3, null, "link_block"],
    ]);
    expect(form.elements[1]).toMatchObject({ mandatory_filling: true, not_empty: true, place_holder: "№" });
    expect(form.elements[3]?.label_data).toBe("https://nadoy.example/pravila");
    expect((await api.form(list.uuid)).json()).toEqual(form);
    expect((await formData(form.uuid_link)).statusCode).toBe(404);

    const published = await api.publish(list.uuid, true);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ published: true, uuid_link: form.uuid_link });
    const shown = await formData(form.uuid_link);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().map((e: { name: string }) => e.name)).toEqual(["", "Номер коровы", "Ферма", ""]);
    expect((await api.list(list.uuid)).json<ListDetail>().form_link).toBe(form.uuid_link);
    expect((await api.lists()).json()[0].form_link).toBe(form.uuid_link);

    const hidden = await api.publish(list.uuid, false);
    expect(hidden.json()).toMatchObject({ published: false, uuid_link: form.uuid_link });
    expect((await formData(form.uuid_link)).statusCode).toBe(404);
    expect((await api.list(list.uuid)).json<ListDetail>().form_link).toBeNull();
    expect((await api.publish(list.uuid, true)).json().uuid_link).toBe(form.uuid_link);
    expect((await formData(form.uuid_link)).statusCode).toBe(200);
  });

  it("refuses bad elements with 400 keyed elements.<index>, changing nothing", async () => {
    const { api, list, farm, cow, note, company } = await setup();
    const other = (
      await api.createList({ name: "Другой", company_uuid: company.uuid, columns: [{ name: "X", type: "text" }] })
    ).json<ListDetail>();
    await api.saveForm(list.uuid, { form_header: "Было", elements: elementsFor({ farm, cow, note }) });
    const before = (await api.form(list.uuid)).json();

    const res = await api.saveForm(list.uuid, {
      form_header: "Стало",
      elements: [
        { column_uuid: note, type_form_element: null },
        { column_uuid: farm, type_form_element: "text_block", label_data: "текст" },
        { column_uuid: null, type_form_element: null },
        { column_uuid: other.columns[0]?.uuid, type_form_element: null },
        { column_uuid: note, type_form_element: null },
        { column_uuid: null, type_form_element: "link_block", label_data: "javascript:alert(1)" },
        { column_uuid: null, type_form_element: "link_block", label_data: "//evil.example/x" },
        { column_uuid: null, type_form_element: "link_block", label_data: "/personal-data-agreement" },
      ],
    });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.validation });
    expect(res.json().fields).toEqual({
      "elements.1": FormBuilderText.blockWithColumn,
      "elements.2": FormBuilderText.fieldWithoutColumn,
      "elements.3": FormBuilderText.foreignColumn,
      "elements.4": FormBuilderText.columnTwice,
      "elements.5": FormBuilderText.badLink,
      "elements.6": FormBuilderText.badLink,
    });
    expect((await api.form(list.uuid)).json()).toEqual(before);
  });

  it("publishes only a form with a field, and keeps a published form from losing its last one", async () => {
    const { api, list, cow } = await setup();
    await api.saveForm(list.uuid, { elements: [{ column_uuid: null, type_form_element: "text_block" }] });

    const refused = await api.publish(list.uuid, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ published: FormBuilderText.noField });

    await api.saveForm(list.uuid, { elements: [{ column_uuid: cow, type_form_element: null }] });
    expect((await api.publish(list.uuid, true)).statusCode).toBe(200);
    const emptied = await api.saveForm(list.uuid, { elements: [] });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().fields).toEqual({ elements: FormBuilderText.noField });
  });

  it("drops a deleted column's field from the form", async () => {
    const { api, list, farm, cow, note } = await setup();
    await api.saveForm(list.uuid, { elements: elementsFor({ farm, cow, note }) });

    await api.deleteColumn(farm);

    const form = (await api.form(list.uuid)).json<FormDefinition>();
    expect(form.elements.map((e) => e.column_uuid)).toEqual([null, cow, null]);
    expect(form.elements.map((e) => e.order)).toEqual([0, 1, 2]);
  });

  it("saves the demo form back unchanged (its link block is a path of the site)", async () => {
    const { company, byLabel } = await setup();
    const owner = byLabel("role 3");
    const demo = await seedFeedbackList(t.database.db, company.id, owner.userId ?? null);
    const [ref] = await t.database.db.select().from(lists).where(eq(lists.id, demo.list.id));
    const api = listApi(t, owner.token);
    const form = (await api.form(ref?.uuid as string)).json<FormDefinition>();
    expect(form).toMatchObject({ uuid_link: FEEDBACK_FORM_LINK, published: true });

    const saved = await api.saveForm(ref?.uuid as string, {
      form_header: form.form_header,
      conclusion: form.conclusion,
      elements: form.elements.map(({ order: _order, ...e }) => e),
    });

    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(form);
    expect((await formData(FEEDBACK_FORM_LINK)).json()).toHaveLength(form.elements.length);
  });

  it("lets every member read the form and only list managers change it", async () => {
    const { callers, list, cow } = await setup();
    const read = await statusByCaller(callers, async (c) => (await listApi(t, c.token).form(list.uuid)).statusCode);
    const save = await statusByCaller(
      callers,
      async (c) =>
        (await listApi(t, c.token).saveForm(list.uuid, { elements: [{ column_uuid: cow, type_form_element: null }] }))
          .statusCode,
    );
    const publish = await statusByCaller(
      callers,
      async (c) => (await listApi(t, c.token).publish(list.uuid, true)).statusCode,
    );

    expect(read).toEqual(expectedStatuses(200));
    expect(save).toEqual(expectedStatuses(200, { "role 6": 403, "role 7": 403 }));
    expect(publish).toEqual(expectedStatuses(200, { "role 6": 403, "role 7": 403 }));
  });
});
