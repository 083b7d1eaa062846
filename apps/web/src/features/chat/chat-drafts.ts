/**
 * Unsent composer text per user and chat, kept in localStorage so that switching chats or
 * reloading the page does not lose it; signing out clears it with the rest of local storage.
 */
const keyOf = (userId: number, chatUuid: string) => `chat_draft:${userId}:${chatUuid}`;

export function readChatDraft(userId: number, chatUuid: string): string {
  return localStorage.getItem(keyOf(userId, chatUuid)) ?? "";
}

/** Keeps `text` as the chat's draft; an empty or blank text removes it. */
export function saveChatDraft(userId: number, chatUuid: string, text: string): void {
  try {
    if (text.trim() === "") localStorage.removeItem(keyOf(userId, chatUuid));
    else localStorage.setItem(keyOf(userId, chatUuid), text);
  } catch {
    // Storage full or refused (private mode): the draft lives only as long as the page.
  }
}
