import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import type { RecordedCall } from "../../../test/mock-api.ts";
import { renderPage } from "../test-render.tsx";
import { adminData, adminGroup, adminReport, drawerForm, pickOption, serve, uuidOf } from "../test-support.ts";
import { IframeGroupsAdminPage } from "./IframeGroupsAdminPage.tsx";

const GROUPS = "GET /api/admin/iframe-groups/";
const REPORTS = "GET /api/admin/reports/";
const render = () => renderPage("/admin/iframe_groups", "/admin/iframe_groups", <IframeGroupsAdminPage />);
const writes = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method !== "GET" && call.path.startsWith("/api/admin/iframe-groups/"));

const catalogue = [
  adminReport(),
  adminReport({ pk: 2, uuid: uuidOf(2), title: "Расход кормов" }),
  adminReport({ pk: 3, uuid: uuidOf(3), title: "Аудит DPA", tag: "dpa", active: false }),
];

describe("/admin/iframe_groups", { timeout: 30_000 }, () => {
  it("a non-admin sees the no-access result", async () => {
    const api = serve(userDataFixture({ groups: [7] }));
    render();
    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
    expect(api.calls.some((call) => call.path.startsWith("/api/admin/"))).toBe(false);
  });

  it("lists groups with their reports in order, active and users", async () => {
    serve(adminData(), {
      [GROUPS]: {
        status: 200,
        body: [
          adminGroup({
            reports: [
              { uuid: uuidOf(2), title: "Расход кормов", active: true },
              { uuid: uuidOf(3), title: "Аудит DPA", active: false },
            ],
          }),
        ],
      },
    });
    render();
    const row = (await screen.findByRole("button", { name: "Продажи" })).closest("tr") as HTMLElement;
    expect([...row.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Расход кормов",
      "Аудит DPA (отключён)",
    ]);
    expect(row.textContent).toContain("4");
    expect(within(row).getByRole("switch", { name: "Активна: Продажи" }).getAttribute("aria-checked")).toBe("true");
  });

  it("creates a group with its reports in the chosen order", async () => {
    const api = serve(adminData(), {
      [GROUPS]: { status: 200, body: [] },
      [REPORTS]: { status: 200, body: catalogue },
      "POST /api/admin/iframe-groups/": { status: 201, body: adminGroup() },
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: /Создать группу/ }));
    const form = await drawerForm();

    fireEvent.change(within(form).getByLabelText("Название"), { target: { value: "Корма и молоко" } });
    const add = within(form).getByRole("combobox", { name: "Добавить отчёт" });
    await pickOption(add, "Реализация молока");
    await pickOption(add, "Расход кормов");
    fireEvent.click(within(form).getByRole("button", { name: "Выше: Расход кормов" }));
    const order = within(form).getByRole("list", { name: "Отчёты группы" });
    expect([...order.querySelectorAll("li")].map((li) => li.getAttribute("aria-label"))).toEqual([
      "Расход кормов",
      "Реализация молока",
    ]);
    fireEvent.click(within(form).getByRole("button", { name: "Создать группу" }));

    await waitFor(() => expect(writes(api.calls)).toHaveLength(1));
    expect(writes(api.calls)[0]?.body).toEqual({
      title: "Корма и молоко",
      img_uuid: null,
      active: true,
      report_uuids: [uuidOf(2), uuidOf(1)],
    });
  });

  it("edits a group and shows the server's field errors", async () => {
    const api = serve(adminData(), {
      [GROUPS]: { status: 200, body: [adminGroup()] },
      [REPORTS]: { status: 200, body: catalogue },
      "PATCH /api/admin/iframe-groups/10/": {
        status: 400,
        body: { code: "validation_error", message: "Проверьте поля", fields: { report_uuids: "Отчёт не найден" } },
      },
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Продажи" }));
    const form = await drawerForm();
    fireEvent.click(within(form).getByRole("button", { name: "Убрать: Реализация молока" }));
    await pickOption(within(form).getByRole("combobox", { name: "Добавить отчёт" }), "Аудит DPA (отключён)");
    fireEvent.click(within(form).getByRole("button", { name: "Сохранить" }));

    expect(await within(form).findByText("Отчёт не найден")).toBeTruthy();
    expect(writes(api.calls)[0]?.body).toMatchObject({ title: "Продажи", report_uuids: [uuidOf(3)] });
  });
});
