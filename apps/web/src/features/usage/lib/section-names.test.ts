import { pageSection } from "@nadoy/contract/usage";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../../../shared/routes/registry.ts";
import { knownSections, sectionTitle } from "./section-names.ts";

describe("section names", () => {
  it.each([
    ["/", "Главная"],
    ["/lists", "Списки"],
    ["/admin", "Администрирование"],
    ["/chat", "Чат"],
    ["/news", "Новость"],
    ["/services", "Сервисы"],
    ["/user-pages", "Личный кабинет"],
    ["/equipment_monitoring", "Мониторинг"],
    ["/nothing-here", "/nothing-here"],
  ])("%s is «%s»", (section, title) => {
    expect(sectionTitle(section)).toBe(title);
  });

  it("knows the section of every route in the registry, each once", () => {
    const sections = knownSections();
    expect(new Set(sections).size).toBe(sections.length);
    for (const route of Object.values(ROUTES)) expect(sections).toContain(pageSection(route.path));
  });
});
