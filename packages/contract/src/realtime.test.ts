import { describe, expect, it } from "vitest";
import { MAIN_SOCKET_PATH, mainServerMessageSchema, mainSocketPath, parseMainServerMessage } from "./realtime.ts";

describe("main socket messages", () => {
  it("tell SITE_CONNECTED and SITE_DISCONNECTED apart by msg_type", () => {
    const connected = { msg_type: "SITE_CONNECTED", user_id: 5, users_online: [1, 5] };
    const disconnected = { msg_type: "SITE_DISCONNECTED", user_id: 5, users_online: [1] };

    expect(mainServerMessageSchema.parse(connected)).toEqual(connected);
    expect(mainServerMessageSchema.parse(disconnected)).toEqual(disconnected);
    expect(mainServerMessageSchema.safeParse({ msg_type: "SITE_CONNECTED", user_id: 5 }).success).toBe(false);
  });

  it("describe chat messages with the fields of spec §3", () => {
    const chat = "0b7c2a52-62a1-4c55-a1b0-0a3c2f0e3d11";
    const message = {
      msg_type: "CHAT_MESSAGE",
      seq: 7,
      user_id: 3,
      chat,
      data: "Коровы в группе 3 переведены",
      sender: "zootech",
      sender_name: "Иван Зоотехников",
      date: "2025-11-27T09:30:00.000Z",
      application: null,
      unread_count: 2,
      message: {
        id: 41,
        chat,
        user_id: 3,
        sender: "zootech",
        sender_name: "Иван Зоотехников",
        content: "Коровы в группе 3 переведены",
        date: "2025-11-27T09:30:00.000Z",
        edited_at: null,
        deleted: false,
        pinned: false,
        reply_to: null,
        application: null,
        attachments: [{ uuid: chat, name: "надои.pdf", size: 2048, mime: "application/pdf" }],
      },
    };
    const pinned = {
      msg_type: "CHAT_PINNED_MESSAGES",
      seq: 8,
      user_id: 3,
      chat: message.chat,
      data: [{ id: 1, content: "График доек", sender: "zootech", sender_name: "Иван", date: message.date }],
    };

    expect(mainServerMessageSchema.parse(message)).toEqual(message);
    expect(mainServerMessageSchema.parse(pinned)).toEqual(pinned);
    // Numbered messages cannot go out without their number.
    expect(mainServerMessageSchema.safeParse({ ...message, seq: undefined }).success).toBe(false);
  });

  it("parse frames, and ignore garbage and unknown types instead of throwing", () => {
    expect(parseMainServerMessage('{"msg_type":"SITE_DISCONNECTED","user_id":2,"users_online":[]}')).toEqual({
      msg_type: "SITE_DISCONNECTED",
      user_id: 2,
      users_online: [],
    });
    expect(parseMainServerMessage("not json")).toBeUndefined();
    expect(parseMainServerMessage('{"msg_type":"BRD_UPDATE"}')).toBeUndefined();
  });

  it("put the access token in the query, encoded", () => {
    expect(mainSocketPath("a.b+c/d")).toBe(`${MAIN_SOCKET_PATH}?token=a.b%2Bc%2Fd`);
    expect(mainSocketPath("t", 12)).toBe(`${MAIN_SOCKET_PATH}?token=t&since=12`);
  });
});
