import { describe, expect, it } from "vitest";
import { auditChanges, auditFacts } from "./audit-details.ts";

describe("audit details as «было → стало»", () => {
  it("lists only the fields whose values differ, by Russian label, roles by name, lists by names", () => {
    const details = {
      id: 5,
      before: { role: 3, is_active: true, companies: ["Заря"], email: "a@x.ru" },
      after: { role: null, is_active: false, companies: ["Заря", "Рассвет"], email: "a@x.ru" },
    };
    expect(auditChanges(details)).toEqual([
      { key: "role", label: "Роль", before: "Зоотехник", after: "—" },
      { key: "is_active", label: "Активен", before: "да", after: "нет" },
      { key: "companies", label: "Компании", before: "Заря", after: "Заря, Рассвет" },
    ]);
  });

  it("treats a missing side (created, deleted) as empty and shows no uuid anywhere", () => {
    const after = {
      uuid: "0b9e5f8e-3d2a-4c1b-9a7e-2f6d8c4b1a30",
      title: "Как загрузить DC305",
      cover_image_uuid: "1b9e5f8e-3d2a-4c1b-9a7e-2f6d8c4b1a30",
      attachments: [{ uuid: "2b9e5f8e-3d2a-4c1b-9a7e-2f6d8c4b1a30", name: "Инструкция.pdf" }],
    };
    const changes = auditChanges({ id: 7, before: null, after });
    expect(changes).toEqual([
      { key: "title", label: "Заголовок", before: "—", after: "Как загрузить DC305" },
      { key: "attachments", label: "Вложения", before: "—", after: "Инструкция.pdf" },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it("shows module switches one by one and moments in local DD.MM.YYYY HH:mm", () => {
    const changes = auditChanges({
      before: { modules: { boards: false }, publish_at: null },
      after: { modules: { boards: true }, publish_at: "2026-03-05T11:30:05.000Z" },
    });
    expect(changes?.map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      expect.stringMatching(/^Дата публикации: — → 05\.03\.2026 \d\d:30$/),
      "Доски задач: нет → да",
    ]);
  });

  it("shows an announcement's texts as one change", () => {
    expect(auditChanges({ id: 1, before: null, after: "Плановые работы" })).toEqual([
      { key: "text", label: "Текст объявления", before: "—", after: "Плановые работы" },
    ]);
  });

  it("gives null for other details, which are shown as labelled facts without ids", () => {
    expect(auditChanges({ username: "ghost" })).toBeNull();
    expect(auditChanges(null)).toBeNull();
    expect(auditFacts({ username: "ghost" })).toEqual([{ key: "username", label: "Логин", value: "ghost" }]);
    expect(auditFacts({ family: "0b9e5f8e-3d2a-4c1b-9a7e-2f6d8c4b1a30" })).toEqual([]);
    expect(auditFacts({ id: 3, recipients: 12, title: "Собрание" }).map((f) => `${f.label}: ${f.value}`)).toEqual([
      "Получателей: 12",
      "Заголовок: Собрание",
    ]);
    expect(auditFacts({ fields: ["first_name", "theme"] })[0]?.value).toBe("Имя, Тема");
  });
});
