import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import { roleFixture, serveAdmin } from "../test-support.ts";

const roles = [roleFixture(1, "Администратор", 2), roleFixture(3, "Зоотехник", 1), roleFixture(7, "Клиент", 15)];

describe("/manage-roles", { timeout: 20_000 }, () => {
  it.each([["/manage-roles"], ["/admin/manage_roles"]])(
    "%s shows each role with what it opens and its users",
    async (path) => {
      serveAdmin({ "GET /api/admin/roles/": { status: 200, body: roles } });
      renderApp(path);

      const client = await screen.findByRole("region", { name: "Клиент" });
      expect(within(client).getByText("15 пользователей")).toBeTruthy();
      expect(within(client).getByText("Описание роли Клиент")).toBeTruthy();
      expect(within(client).getByText("Может открывать")).toBeTruthy();
      expect(within(client).getByText("Отчёты")).toBeTruthy();
      expect(client.querySelector(".anticon-shop")).not.toBeNull();
      expect(within(screen.getByRole("region", { name: "Администратор" })).getByText("2 пользователя")).toBeTruthy();
      expect(within(screen.getByRole("region", { name: "Зоотехник" })).getByText("1 пользователь")).toBeTruthy();
    },
  );
});
