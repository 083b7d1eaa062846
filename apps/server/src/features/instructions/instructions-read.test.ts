import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newEditor, newPerson } from "../../../test/content-editors.ts";
import { SAMPLE_FILES, uploaded } from "../../../test/files.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { DEMO_INSTRUCTION_TITLES, seedDemoInstructions } from "../../db/seed/instructions.ts";
import { instructionsApi } from "./instructions.test-kit.ts";

// What readers see (contract instructions.ts): the editors' order, Russian full-text search with
// word forms and parts of words, snippets as plain text, one article with its files.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

async function people() {
  const editor = await newEditor(t);
  const reader = await newPerson(t, "reader", { roles: [Role.zootechnician] });
  return {
    editor: instructionsApi(t, editor.token),
    editorToken: editor.token,
    reader: instructionsApi(t, reader.token),
  };
}

const LONG_TEXT =
  "<p>Вступление о ферме и её истории, которое не относится к делу, но занимает место. " +
  "Здесь рассказывается о погоде, о тракторах, о полях, о людях и о многом другом, что читателю " +
  "сейчас не нужно. Ещё немного слов для длины: сено, силос, зерно, солома, комбикорм, вода.</p>" +
  "<p>Главное: больную корову отделяют от стада и вызывают ветеринара в тот же день.</p>" +
  "<p>Заключение, тоже длинное: проверьте журнал, подпишите акт, сообщите управляющему, " +
  "обновите данные в программе и не забудьте про отчёт за смену и за месяц целиком.</p>";

describe("instructions: the readers' list", () => {
  it("lists published articles in the editors' order with the start of each text as the snippet", async () => {
    const { editor, reader } = await people();
    await editor.published({ title: "Первая", body: "<p>Коротко <b>и</b>&nbsp;ясно &amp; просто.</p>" });
    await editor.created({ title: "Черновик", body: "<p>Не готово</p>" });
    await editor.published({ title: "Вторая", body: LONG_TEXT });

    const items = await reader.items();

    expect(items.map((i) => i.title)).toEqual(["Первая", "Вторая"]);
    expect(items[0]?.snippet).toBe("Коротко и ясно & просто.");
    const long = items[1]?.snippet ?? "";
    expect(long.startsWith("Вступление о ферме")).toBe(true);
    expect(long.endsWith("…")).toBe(true);
    expect(long.length).toBeLessThanOrEqual(201);
    expect(long).not.toMatch(/[<>]/);
  });

  it("finds Russian word forms: «коровы» finds «корова», «доения» finds «доение»", async () => {
    const { editor, reader } = await people();
    await editor.published({ title: "Уход за телятами", body: "<p>Выпойка молозива в первые часы.</p>" });
    await editor.published({ title: "Если корова заболела", body: "<p>Что делать зоотехнику.</p>" });
    await editor.published({ title: "Гигиена", body: "<p>Подготовка вымени перед доением.</p>" });

    expect(await reader.titles("коровы")).toEqual(["Если корова заболела"]);
    expect(await reader.titles("доения")).toEqual(["Гигиена"]);
    expect(await reader.titles("телят")).toEqual(["Уход за телятами"]);
    expect(await reader.titles("трактор")).toEqual([]);
  });

  it("finds parts of words and titles as typed, with % and _ matched as themselves", async () => {
    const { editor, reader } = await people();
    await editor.published({ title: "Отчёт по воспроизводству", body: "<p>Стельность за 21 день.</p>" });
    await editor.published({ title: "Скидка 100% на DC305", body: "<p>Акция.</p>" });
    await editor.published({ title: "Скидка 1000 на корм", body: "<p>Другая акция.</p>" });

    expect(await reader.titles("воспроизв")).toEqual(["Отчёт по воспроизводству"]);
    expect(await reader.titles("стельн")).toEqual(["Отчёт по воспроизводству"]);
    expect(await reader.titles("DC30")).toEqual(["Скидка 100% на DC305"]);
    expect(await reader.titles("%")).toEqual(["Скидка 100% на DC305"]);
    expect(await reader.titles("_")).toEqual([]);
  });

  it("puts the best matches first: a match in the title before one in the text", async () => {
    const { editor, reader } = await people();
    await editor.published({ title: "Кормление", body: "<p>Сколько силоса нужно корове зимой.</p>" });
    await editor.published({ title: "Силос: заготовка", body: "<p>Силос закладывают в траншею.</p>" });

    expect(await reader.titles("силос")).toEqual(["Силос: заготовка", "Кормление"]);
  });

  it("gives a snippet around the match, in plain text, with «…» where the text goes on", async () => {
    const { editor, reader } = await people();
    await editor.published({ title: "Больные животные", body: LONG_TEXT });

    const [item] = await reader.items("ветеринара");

    expect(item?.snippet).toContain("вызывают ветеринара");
    expect(item?.snippet.startsWith("…")).toBe(true);
    expect(item?.snippet.endsWith("…")).toBe(true);
    expect(item?.snippet.length).toBeLessThanOrEqual(202);
    expect(item?.snippet).not.toMatch(/[<>]/);
  });

  it("refuses a query longer than 100 characters", async () => {
    const { reader } = await people();
    expect((await reader.list("к".repeat(101))).statusCode).toBe(400);
  });
});

describe("instructions: one article", () => {
  it("answers the sanitised body and the files in the editor's order", async () => {
    const { editor, editorToken, reader } = await people();
    const scheme = await uploaded(t, editorToken, "схема.png", SAMPLE_FILES.png);
    const act = await uploaded(t, editorToken, "акт.pdf");
    const article = await editor.published({
      title: "Доильный зал",
      body: "<p>Смотрите <b>схему</b>.</p>",
      attachment_uuids: [act.uuid, scheme.uuid],
    });

    const detail = await reader.article(article.uuid);

    expect(detail).toEqual({
      uuid: article.uuid,
      title: "Доильный зал",
      body: "<p>Смотрите <b>схему</b>.</p>",
      updated_at: article.updated_at,
      attachments: [act, scheme],
    });
  });
});

describe("instructions: the demo articles", () => {
  it("seeds published articles in order, one for clients only, and only once", async () => {
    const editor = await newEditor(t);
    await seedDemoInstructions(t.database.db, { editorId: editor.id });
    await seedDemoInstructions(t.database.db, { editorId: editor.id });
    const client = instructionsApi(t, (await newPerson(t, "client", { roles: [Role.client] })).token);
    const zootech = instructionsApi(t, (await newPerson(t, "zootech", { roles: [Role.zootechnician] })).token);

    const all = Object.values(DEMO_INSTRUCTION_TITLES);
    expect(await client.titles()).toEqual(all);
    expect(await zootech.titles()).toEqual(all.filter((title) => title !== DEMO_INSTRUCTION_TITLES.clients));
    expect(await zootech.titles("загрузить DC305")).toEqual([DEMO_INSTRUCTION_TITLES.dc305]);
    expect(await zootech.titles("стельности")).toEqual([DEMO_INSTRUCTION_TITLES.reproduction]);
    for (const item of await client.items()) expect(item.snippet.length).toBeGreaterThan(50);
  });
});
