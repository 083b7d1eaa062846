import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test/render-app.tsx";
import { everythingUserData, mockSignedIn } from "../test/signed-in.ts";

// everythingUserData: «Стадо Заречная» (db-herd) holds herd data, «Мониторинг Заречная» (db-mon)
// equipment monitoring, «Бухгалтерия» (db-1c) accounting.

describe("a page of one database opened for a database of another kind", () => {
  it.each([
    ["/services/report/1/db-mon", "Эта база — мониторинг оборудования: отчёты по стаду для неё недоступны"],
    ["/services/report/8/db-1c", "Эта база — бухгалтерия (1С): отчёты по стаду для неё недоступны"],
    [
      "/equipment_monitoring/power_monitoring/hours/db-herd",
      "Эта база — данные стада: мониторинг оборудования для неё недоступен",
    ],
    ["/services/parser_1c/db-mon", "Эта база — мониторинг оборудования: загрузка из 1С для неё недоступна"],
    ["/export-templates/db-1c", "Эта база — бухгалтерия (1С): отчёты по стаду для неё недоступны"],
  ])("%s says what the database is instead of the page", async (path, message) => {
    mockSignedIn(everythingUserData({ groups: [3] }));
    renderApp(path);

    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole("link", { name: "На главную" })).toBeTruthy();
    expect(screen.queryByText("Раздел в разработке")).toBeNull();
  });

  it.each([
    ["/export-templates/db-herd", "Раздел в разработке"],
    // The monitoring page asks for the catalog, which this test does not serve.
    ["/equipment_monitoring/power_monitoring/hours-avg/db-mon", "Мониторинг недоступен"],
    ["/services/parser_1c/db-1c", "Раздел в разработке"],
    // The demo site: no database of the user, yet the page asks the server (not served here either).
    ["/equipment_monitoring/power_monitoring/avg/demo", "Мониторинг недоступен"],
  ])("%s (the right kind, or the demo) shows the page", async (path, pageText) => {
    mockSignedIn(everythingUserData({ groups: [3] }));
    renderApp(path);

    expect(await screen.findByText(pageText)).toBeTruthy();
    expect(screen.queryByText(/^Эта база —/)).toBeNull();
  });
});
