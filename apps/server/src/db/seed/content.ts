import { Role } from "@nadoy/contract/roles";
import { count } from "drizzle-orm";
import { sanitizeContentHtml } from "../../platform/rich-text.ts";
import type { Db } from "../client.ts";
import { contentImages, news, newsCompanies, newsRoles } from "../schema/index.ts";
import { type DemoCover, demoCoverPng } from "./demo-covers.ts";

// Demo news for the home page feed (contract content.ts): published for everyone, for the demo
// company and for clients only, each with a cover; one scheduled for later and one draft.

export const DEMO_NEWS_TITLES = {
  cover: "Итоги конкурса операторов машинного доения",
  company: "МТФ «Заря-1»: контрольная дойка за ноябрь",
  clients: "Клиентам: новый отчёт по воспроизводству стада",
  scheduled: "Плановые работы на сервере 30 ноября",
  draft: "Зимнее содержание телят: памятка",
} as const;

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);

interface DemoNews {
  title: string;
  excerpt: string;
  body: string;
  publishAt: Date | null;
  audience: "all" | "companies" | "roles";
  cover?: { picture: DemoCover; name: string };
}

const NEWS: DemoNews[] = [
  {
    title: DEMO_NEWS_TITLES.cover,
    excerpt: "Лучшим оператором года стала Мария Иванова с МТФ «Заря-1»: 0,9 % коров с признаками мастита за сезон.",
    body:
      "<p>В конкурсе участвовали <b>24 оператора</b> машинного доения с шести ферм.</p>" +
      "<h3>Как оценивали</h3><ul><li>подготовка вымени и время до надевания аппарата;</li>" +
      "<li>соматические клетки в молоке группы;</li><li>чистота доильного зала.</li></ul>" +
      "<table><thead><tr><th>Место</th><th>Оператор</th><th>Ферма</th></tr></thead>" +
      "<tbody><tr><td>1</td><td>Мария Иванова</td><td>МТФ «Заря-1»</td></tr>" +
      "<tr><td>2</td><td>Ольга Смирнова</td><td>МТФ «Рассвет»</td></tr></tbody></table>" +
      '<p>Положение о конкурсе — на <a href="https://nadoy.example/contest">странице конкурса</a>.</p>',
    publishAt: daysFromNow(-2),
    audience: "all",
    cover: { picture: "farm", name: "конкурс.png" },
  },
  {
    title: DEMO_NEWS_TITLES.company,
    excerpt: "Средний надой 31,4 кг в сутки, жир 3,9 %, белок 3,3 %. Группа 3 — на контроле по SCC.",
    body:
      "<p>Контрольная дойка 25 ноября охватила <b>612 коров</b>.</p>" +
      "<ul><li>Средний надой — 31,4 кг в сутки (+0,8 кг к октябрю).</li>" +
      "<li>Жир — 3,9 %, белок — 3,3 %.</li>" +
      "<li>Группа 3: 410 тыс. соматических клеток в мл — проверьте коров на мастит.</li></ul>",
    publishAt: daysFromNow(-5),
    audience: "companies",
    cover: { picture: "milkYield", name: "контрольная-дойка.png" },
  },
  {
    title: DEMO_NEWS_TITLES.clients,
    excerpt: "В разделе «Отчёты» появился отчёт о стельности за 21 день по каждой ферме.",
    body:
      "<p>Отчёт показывает долю стельности за 21 день, сервис-период и число осеменений на стельность.</p>" +
      "<blockquote>Данные обновляются каждую ночь после загрузки DC305.</blockquote>",
    publishAt: daysFromNow(-1),
    audience: "roles",
    cover: { picture: "breedingChart", name: "воспроизводство.png" },
  },
  {
    title: DEMO_NEWS_TITLES.scheduled,
    excerpt: "30 ноября с 22:00 до 23:00 МСК портал может быть недоступен.",
    body: "<p>Обновляем сервер базы данных. Загрузки DC305 в это время лучше отложить.</p>",
    publishAt: daysFromNow(3),
    audience: "all",
  },
  {
    title: DEMO_NEWS_TITLES.draft,
    excerpt: "Температура, подстилка и выпойка молозива в холодный сезон.",
    body: "<p>Телятник: не ниже <b>+10 °C</b>, без сквозняков; подстилка сухая, толщиной от 15 см.</p>",
    publishAt: null,
    audience: "all",
  },
];

/**
 * The demo news, written by the content editor: company news for the demo company, client news
 * for role 7. Does nothing when there is news already, so it can run again safely.
 */
export async function seedDemoNews(db: Db, input: { companyId: number; editorId: number | null }): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(news);
    if ((existing?.n ?? 0) > 0) return;
    const coverId = async (cover: DemoNews["cover"]) => {
      if (!cover) return null;
      const png = demoCoverPng(cover.picture);
      const [image] = await tx
        .insert(contentImages)
        .values({ name: cover.name, mime: "image/png", size: png.length, data: png, createdBy: input.editorId })
        .returning({ id: contentImages.id });
      if (!image) throw new Error("content image insert returned nothing");
      return image.id;
    };
    for (const item of NEWS) {
      const [row] = await tx
        .insert(news)
        .values({
          title: item.title,
          excerpt: item.excerpt,
          body: sanitizeContentHtml(item.body),
          coverImageId: await coverId(item.cover),
          publishAt: item.publishAt,
          audience: item.audience,
          createdBy: input.editorId,
          updatedBy: input.editorId,
        })
        .returning({ id: news.id });
      if (!row) throw new Error("news insert returned nothing");
      if (item.audience === "companies")
        await tx.insert(newsCompanies).values({ newsId: row.id, companyId: input.companyId });
      if (item.audience === "roles") await tx.insert(newsRoles).values({ newsId: row.id, roleId: Role.client });
    }
  });
}
