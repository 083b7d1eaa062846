import type { Attachment } from "@nadoy/contract/attachments";
import type { TaskDetail } from "@nadoy/contract/boards";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import { boardFixture, card, detailFixture, serveBoard, uuid } from "../test-support.ts";

const TASK = card(1, 1, "1", "Полив");
const TASK_PATH = `/api/tasks/${TASK.uuid}/`;
const PLAN: Attachment = { uuid: uuid(900), name: "План полива.pdf", size: 340 * 1024, mime: "application/pdf" };
const PHOTO: Attachment = { uuid: uuid(901), name: "поле.jpg", size: 2 * 1024 * 1024, mime: "image/jpeg" };
const MAP: Attachment = { uuid: uuid(902), name: "карта.png", size: 512, mime: "image/png" };

function withFiles(attachments: Attachment[], over: Partial<TaskDetail> = {}): TaskDetail {
  return detailFixture({ ...TASK, attachments_count: attachments.length }, { attachments, ...over });
}

async function openTask(detail: TaskDetail, extra: Parameters<typeof serveBoard>[1] = {}) {
  const api = serveBoard(boardFixture(), { [`GET ${TASK_PATH}`]: { status: 200, body: detail }, ...extra });
  renderApp(`/tasks/${TASK.uuid}`);
  const section = await screen.findByRole("region", { name: "Вложения" });
  return { api, section };
}

const fileNames = (section: HTMLElement) =>
  within(section)
    .queryAllByRole("listitem")
    .map((item) => item.getAttribute("aria-label"));

describe("task attachments", { timeout: 20_000 }, () => {
  it("lists the task's files with their sizes; one downloads under its own name", async () => {
    const { api, section } = await openTask(withFiles([PLAN, PHOTO]), {
      [`GET /api/attachments/${PHOTO.uuid}/`]: { status: 200, body: "jpeg" },
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:file"), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });

    expect(within(section).getByRole("heading").textContent).toBe("Вложения 2");
    expect(fileNames(section)).toEqual([PLAN.name, PHOTO.name]);
    expect(within(section).getByRole("listitem", { name: PLAN.name }).textContent).toContain("340 КБ");
    expect(within(section).getByRole("listitem", { name: PHOTO.name }).textContent).toContain("2 МБ");

    fireEvent.click(within(section).getByRole("button", { name: `Скачать «${PHOTO.name}»` }));
    await waitFor(() => expect(clicked).toEqual([PHOTO.name]));
    expect(api.calls.some((c) => c.method === "GET" && c.path === `/api/attachments/${PHOTO.uuid}/`)).toBe(true);
  });

  it("uploads picked files and attaches them to the task in one call; the list follows the answer", async () => {
    const answers = [PHOTO, MAP];
    const { api, section } = await openTask(withFiles([PLAN]), {
      "POST /api/attachments/": () => ({ status: 201, body: answers.shift() }),
      [`POST ${TASK_PATH}attachments/`]: { status: 200, body: withFiles([PLAN, PHOTO, MAP]) },
    });

    const input = section.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    expect(within(section).getByRole("button", { name: "Прикрепить файл" })).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(["a"], PHOTO.name), new File(["b"], MAP.name)] } });

    await waitFor(() => expect(fileNames(section)).toEqual([PLAN.name, PHOTO.name, MAP.name]));
    expect(within(section).getByRole("heading").textContent).toBe("Вложения 3");
    expect(api.calls.filter((c) => c.method === "POST" && c.path === "/api/attachments/")).toHaveLength(2);
    const attach = api.calls.filter((c) => c.path === `${TASK_PATH}attachments/`);
    expect(attach).toHaveLength(1);
    expect(attach[0]?.body).toEqual({ attachment_uuids: [PHOTO.uuid, MAP.uuid] });
    expect(within(section).queryByRole("list", { name: "Прикрепляемые файлы" })).toBeNull();
  });

  it("removes a file after the confirmation, not before", async () => {
    const { api, section } = await openTask(withFiles([PLAN, PHOTO]), {
      [`DELETE ${TASK_PATH}attachments/${PLAN.uuid}/`]: { status: 200, body: withFiles([PHOTO]) },
    });
    const removals = () => api.calls.filter((c) => c.method === "DELETE");

    fireEvent.click(within(section).getByRole("button", { name: `Удалить «${PLAN.name}»` }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(`Удалить файл «${PLAN.name}»?`);
    expect(removals()).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole("button", { name: "Удалить" }));
    await waitFor(() => expect(fileNames(section)).toEqual([PHOTO.name]));
    expect(removals().map((c) => c.path)).toEqual([`${TASK_PATH}attachments/${PLAN.uuid}/`]);
  });

  it("shows the server's refusal of an attach as the toast", async () => {
    const { section } = await openTask(withFiles([]), {
      "POST /api/attachments/": { status: 201, body: MAP },
      [`POST ${TASK_PATH}attachments/`]: {
        status: 400,
        body: { code: "validation_error", message: "Файл уже прикреплён", fields: { attachment_uuids: "x" } },
      },
    });
    expect(within(section).getByText("Файлов пока нет")).toBeTruthy();
    const input = section.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["a"], MAP.name)] } });
    expect(await screen.findByText("Файл уже прикреплён")).toBeTruthy();
    expect(fileNames(section)).toEqual([]);
  });

  it("lets a viewer download but neither attach nor remove", async () => {
    const { section } = await openTask(withFiles([PLAN], { can_edit: false }));
    expect(fileNames(section)).toEqual([PLAN.name]);
    expect(within(section).getByRole("button", { name: `Скачать «${PLAN.name}»` })).toBeTruthy();
    expect(within(section).queryByRole("button", { name: "Прикрепить файл" })).toBeNull();
    expect(within(section).queryByRole("button", { name: `Удалить «${PLAN.name}»` })).toBeNull();
    expect(section.querySelector('input[type="file"]')).toBeNull();
  });
});
