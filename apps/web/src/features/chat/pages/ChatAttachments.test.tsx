import {
  ATTACHMENT_BYTES_MAX,
  ATTACHMENT_SIZE_TEXT,
  ATTACHMENT_TYPE_TEXT,
  type Attachment,
} from "@nadoy/contract/attachments";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import {
  DIRECT,
  directChat,
  GROUP,
  groupChat,
  HISTORY,
  holdRequests,
  lastOf,
  MARIA,
  ME,
  messageFixture,
  PETR,
  screenWidth,
  serveChats,
  uuid,
} from "../test-support.ts";

const UPLOAD = "POST /api/attachments/";
const SEND = `POST /api/chat/chats/${DIRECT}/messages/`;

const REPORT: Attachment = {
  uuid: uuid(900),
  name: "Надои за январь.xlsx",
  size: 12 * 1024,
  mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
const PHOTO: Attachment = {
  uuid: uuid(901),
  name: "корова.jpg",
  size: Math.round(1.4 * 1024 * 1024),
  mime: "image/jpeg",
};

const history = () => screen.getByRole("log", { name: "Сообщения" });
const sendButton = () => screen.getByRole("button", { name: "Отправить" }) as HTMLButtonElement;
const uploadsShown = () => screen.queryByRole("list", { name: "Прикрепляемые файлы" });

async function openDirectChat() {
  renderApp(`/chat/${DIRECT}`);
  await within(await screen.findByRole("log", { name: "Сообщения" })).findByText("Добрый день! Как надои?");
}

/** Picks files with the composer's paperclip. */
function attach(...files: File[]) {
  expect(screen.getByRole("button", { name: "Прикрепить файл" })).toBeTruthy();
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  expect(input.multiple).toBe(true);
  fireEvent.change(input, { target: { files } });
}

const uploadUrls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).startsWith("/api/attachments/") && (init as RequestInit).method === "POST")
    .map(([url, init]) => ({
      url: new URL(String(url), "http://localhost"),
      headers: (init as RequestInit).headers as Record<string, string>,
      body: (init as RequestInit).body,
    }));

describe("chat attachments", { timeout: 20_000 }, () => {
  beforeEach(() => screenWidth(1280));

  it("uploads a picked file, waits for it before sending and sends a files-only message with attachment_uuids", async () => {
    const sent = messageFixture(105, ME, "", { attachments: [REPORT] });
    const api = serveChats(undefined, {
      [UPLOAD]: { status: 201, body: REPORT },
      [SEND]: { status: 201, body: sent },
    });
    await openDirectChat();
    const uploads = holdRequests((method, path) => method === "POST" && path === "/api/attachments/");

    const file = new File(["x".repeat(100)], REPORT.name);
    attach(file);
    const chips = await screen.findByRole("list", { name: "Прикрепляемые файлы" });
    expect(within(chips).getByRole("listitem", { name: REPORT.name })).toBeTruthy();
    // On its way, with how much has gone.
    const progress = within(chips).getByRole("progressbar", { name: "Загружается" });
    await waitFor(() => expect(progress.textContent).toBe("50\u00a0%"));
    // Still on its way: nothing to send yet.
    expect(sendButton().disabled).toBe(true);

    await waitFor(() => expect(uploads.count).toBe(1));
    uploads.release();
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    expect(within(chips).getByText("100 Б")).toBeTruthy();

    const [upload] = uploadUrls(api.fetchMock);
    expect(upload?.url.searchParams.get("name")).toBe(REPORT.name);
    expect(upload?.headers["content-type"]).toBe("application/octet-stream");
    expect(upload?.body).toBe(file);

    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === "POST" && c.path.endsWith("/messages/"))).toHaveLength(1),
    );
    const body = api.calls.find((c) => c.method === "POST" && c.path.endsWith("/messages/"))?.body as {
      content: string;
      attachment_uuids: string[];
    };
    expect(body.content).toBe("");
    expect(body.attachment_uuids).toEqual([REPORT.uuid]);
    expect(uploadsShown()).toBeNull();

    const bubble = (await within(history()).findByRole("listitem", { name: REPORT.name })).closest("article");
    expect(bubble?.getAttribute("data-message")).toBe("105");
    await waitFor(() =>
      expect(document.querySelector(`[data-chat="${DIRECT}"]`)?.textContent).toContain("Вы: Вложение"),
    );
  });

  it("shows the files of a message on its way, and removes a picked file before sending", async () => {
    const api = serveChats(undefined, {
      [UPLOAD]: { status: 201, body: PHOTO },
      [SEND]: { status: 201, body: messageFixture(106, ME, "Фото", { attachments: [PHOTO] }) },
    });
    await openDirectChat();

    attach(new File(["x"], PHOTO.name), new File(["y"], "лишний.pdf"));
    const chips = await screen.findByRole("list", { name: "Прикрепляемые файлы" });
    await waitFor(() => expect(chips.querySelectorAll('[data-upload-status="done"]')).toHaveLength(2));
    fireEvent.click(within(chips).getByRole("button", { name: "Убрать «лишний.pdf»" }));
    expect(within(chips).queryByRole("listitem", { name: "лишний.pdf" })).toBeNull();

    const posts = holdRequests((method, path) => method === "POST" && path.endsWith("/messages/"));
    fireEvent.change(screen.getByLabelText("Сообщение"), { target: { value: "Фото" } });
    fireEvent.keyDown(screen.getByLabelText("Сообщение"), { key: "Enter" });
    const pending = within(history()).getByRole("article", { name: "Отправляемое сообщение" });
    expect(within(pending).getByRole("listitem", { name: PHOTO.name }).textContent).toContain("1,4 МБ");
    await waitFor(() => expect(posts.count).toBe(1));
    posts.release();
    await waitFor(() =>
      expect(within(history()).queryByRole("article", { name: "Отправляемое сообщение" })).toBeNull(),
    );
    const body = api.calls.find((c) => c.method === "POST" && c.path.endsWith("/messages/"))?.body as {
      attachment_uuids: string[];
    };
    expect(body.attachment_uuids).toEqual([PHOTO.uuid]);
  });

  it("refuses a file that is too big or of a wrong type with the contract's text and uploads nothing", async () => {
    const api = serveChats();
    await openDirectChat();

    const big = new File(["x"], "видео.pdf");
    Object.defineProperty(big, "size", { value: ATTACHMENT_BYTES_MAX + 1 });
    attach(big);
    expect(await screen.findByText(ATTACHMENT_SIZE_TEXT)).toBeTruthy();

    attach(new File(["MZ"], "setup.exe"));
    expect(await screen.findByText(ATTACHMENT_TYPE_TEXT)).toBeTruthy();
    // One toast at a time: the new text replaced the old one.
    await waitFor(() => expect(screen.queryByText(ATTACHMENT_SIZE_TEXT)).toBeNull());

    expect(uploadsShown()).toBeNull();
    expect(sendButton().disabled).toBe(true);
    expect(api.calls.some((c) => c.path.startsWith("/api/attachments/"))).toBe(false);
  });

  it("keeps a file the server refused with its reason and sends nothing until it is removed", async () => {
    serveChats(undefined, {
      [UPLOAD]: { status: 415, body: { code: "unsupported_media_type", message: ATTACHMENT_TYPE_TEXT } },
    });
    await openDirectChat();

    attach(new File(["not a pdf"], "акт.pdf"));
    const chips = await screen.findByRole("list", { name: "Прикрепляемые файлы" });
    await waitFor(() => expect(chips.querySelector('[data-upload-status="failed"]')).toBeTruthy());
    expect(within(chips).getByText(ATTACHMENT_TYPE_TEXT)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Сообщение"), { target: { value: "Акт во вложении" } });
    expect(sendButton().disabled).toBe(true);
    expect(sendButton().title).toBe("Уберите файлы, которые не загрузились");

    fireEvent.click(within(chips).getByRole("button", { name: "Убрать «акт.pdf»" }));
    expect(uploadsShown()).toBeNull();
    expect(sendButton().disabled).toBe(false);
  });

  it("shows a message's files with name and size and downloads one under its own name", async () => {
    const withFiles = messageFixture(103, MARIA, "Отчёт и фото", { attachments: [REPORT, PHOTO] });
    const api = serveChats([directChat({ last_message: lastOf(withFiles) })], {
      [`GET /api/chat/chats/${DIRECT}/messages/`]: {
        status: 200,
        body: { messages: [withFiles, ...[...HISTORY].reverse()], has_more: false },
      },
      [`GET /api/attachments/${REPORT.uuid}/`]: { status: 200, body: "bytes" },
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:file"), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await openDirectChat();

    const bubble = within(history()).getByText("Отчёт и фото").closest("article") as HTMLElement;
    const files = within(bubble).getByRole("list", { name: "Файлы сообщения" });
    const rows = within(files)
      .getAllByRole("listitem")
      .map((row) => row.textContent);
    expect(rows).toEqual([`${REPORT.name}12 КБ`, `${PHOTO.name}1,4 МБ`]);

    fireEvent.click(within(files).getByRole("button", { name: `Скачать «${REPORT.name}»` }));
    await waitFor(() => expect(clicked).toEqual([REPORT.name]));
    const download = api.calls.find((c) => c.path === `/api/attachments/${REPORT.uuid}/`);
    expect(download?.method).toBe("GET");
    expect(download?.authorization).toBe("Bearer access-1");
  });

  it("shows «Вложение» or «Вложения: N» in the list for a last message without text", async () => {
    const fileOnly = messageFixture(103, MARIA, "", { attachments: [REPORT] });
    const photos = messageFixture(90, PETR, "", {
      chat: GROUP,
      application: "Склад",
      attachments: [PHOTO, { ...PHOTO, uuid: uuid(902) }, { ...PHOTO, uuid: uuid(903) }],
    });
    serveChats([directChat({ last_message: lastOf(fileOnly) }), groupChat({ last_message: lastOf(photos) })]);
    renderApp("/chat");

    await screen.findByText("Ферма Заречная");
    expect(document.querySelector(`[data-chat="${DIRECT}"]`)?.textContent).toContain(`${MARIA.name}: Вложение`);
    expect(document.querySelector(`[data-chat="${GROUP}"]`)?.textContent).toContain("Пётр Орлов · Склад: Вложения: 3");
  });
});
