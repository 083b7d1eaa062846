import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import { DIRECT, GROUP, ME, messageFixture, screenWidth, serveChats } from "../test-support.ts";

const composer = () => screen.getByLabelText("Сообщение") as HTMLTextAreaElement;
const chatItem = (uuid: string) => document.querySelector(`[data-chat="${uuid}"]`) as HTMLElement;
const type = (text: string) => fireEvent.change(composer(), { target: { value: text } });

async function openChat(uuid: string) {
  const view = renderApp(`/chat/${uuid}`);
  await screen.findByRole("log", { name: "Сообщения" }, { timeout: 30_000 });
  return view;
}

const groupHistory = {
  [`GET /api/chat/chats/${GROUP}/messages/`]: { status: 200, body: { messages: [], has_more: false } },
  [`POST /api/chat/chats/${GROUP}/read/`]: { status: 200, body: { last_read_id: 0, unread_count: 0 } },
};

describe("chat drafts", { timeout: 60_000 }, () => {
  beforeEach(() => screenWidth(1280));

  it("keeps the text typed in one chat while another is open, and brings it back", async () => {
    serveChats(undefined, groupHistory);
    const { router } = await openChat(DIRECT);
    type("Завтра привезу");

    fireEvent.click(chatItem(GROUP));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${GROUP}`));
    await waitFor(() => expect(composer().value).toBe(""));
    type("Для группы");

    fireEvent.click(chatItem(DIRECT));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${DIRECT}`));
    await waitFor(() => expect(composer().value).toBe("Завтра привезу"));
  });

  it("keeps the draft over a reload, and clears it once sent", async () => {
    const sent = messageFixture(105, ME, "Завтра привезу");
    serveChats(undefined, { [`POST /api/chat/chats/${DIRECT}/messages/`]: { status: 201, body: sent } });
    const first = await openChat(DIRECT);
    type("Завтра привезу");
    first.unmount();

    const second = await openChat(DIRECT);
    expect(composer().value).toBe("Завтра привезу");
    fireEvent.keyDown(composer(), { key: "Enter" });
    await within(screen.getByRole("log", { name: "Сообщения" })).findByText("Завтра привезу");
    expect(composer().value).toBe("");
    second.unmount();

    await openChat(DIRECT);
    expect(composer().value).toBe("");
  });
});
