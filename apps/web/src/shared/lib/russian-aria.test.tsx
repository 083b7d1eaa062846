import { PlusOutlined } from "@ant-design/icons";
import { render, screen, waitFor } from "@testing-library/react";
import { Button, InputNumber, Segmented, Table } from "antd";
import { afterEach, describe, expect, it } from "vitest";
import { serveAdmin, userRow } from "../../features/admin/test-support.ts";
import { LIST_UUID, serveList } from "../../features/lists/test-support.ts";
import { renderApp } from "../../test/render-app.tsx";
import { ENGLISH_LABEL, watchLabels } from "./russian-aria.ts";

// A screen reader user hears Russian only: no «plus Добавить», «Select all», «segmented control».

let stop = () => {};
afterEach(() => stop());

/** The aria-labels of the whole page (portals included) that are English. */
const englishLabels = () =>
  [...document.querySelectorAll("[aria-label]")]
    .map((element) => element.getAttribute("aria-label") ?? "")
    .filter((label) => ENGLISH_LABEL.test(label));

/** Buttons a screen reader could only call «button». */
const namelessButtons = () =>
  screen
    .queryAllByRole("button", { name: (name) => name.trim() === "" })
    .map((button) => button.outerHTML.slice(0, 300));

describe("screen-reader labels are Russian", { timeout: 20_000 }, () => {
  it("antd's own labels: icons inside buttons, table selection, segmented, number steps", async () => {
    stop = watchLabels();
    render(
      <>
        <Button icon={<PlusOutlined />}>Добавить</Button>
        <Table
          rowKey="id"
          rowSelection={{}}
          columns={[{ title: "Кличка", dataIndex: "name" }]}
          dataSource={[{ id: 1, name: "Зорька" }]}
        />
        <Segmented options={["Текст", "Просмотр"]} />
        <InputNumber aria-label="Надой" />
      </>,
    );
    await screen.findByRole("checkbox", { name: "Выбрать все строки" });
    expect(screen.getByRole("button", { name: "Добавить" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Выбрать строку 1" })).toBeTruthy();
    await waitFor(() => expect(englishLabels()).toEqual([]));
  });

  it("the list grid", async () => {
    stop = watchLabels();
    serveList();
    renderApp(`/lists/${LIST_UUID}`);
    await screen.findByText("Зорька");
    await waitFor(() => expect(englishLabels()).toEqual([]));
    expect(namelessButtons()).toEqual([]);
  });

  it("the users admin page", async () => {
    stop = watchLabels();
    serveAdmin({
      "GET /api/admin/users/": { status: 200, body: { items: [userRow()], total: 1, page: 1, page_size: 25 } },
    });
    renderApp("/manage-users");
    await screen.findByText("zootech", { selector: "a" });
    await waitFor(() => expect(englishLabels()).toEqual([]));
    expect(namelessButtons()).toEqual([]);
  });
});
