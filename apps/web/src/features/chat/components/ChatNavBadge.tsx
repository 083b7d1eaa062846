import { MessageOutlined } from "@ant-design/icons";
import { totalUnread } from "@nadoy/contract/chat-state";
import { BELL_COUNTER_CAP } from "@nadoy/contract/constants";
import { href } from "../../../shared/routes/href.ts";
import { CountBadge } from "../../../shared/ui/CountBadge.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { unreadText } from "../chat-format.ts";
import { useChatStore } from "../use-chat-store.ts";

/** The navbar's chat button: the unread messages of all chats («99+» above 99); holds the chat store. */
export function ChatNavBadge({ userId }: { userId: number }) {
  const { state } = useChatStore(userId);
  const unread = totalUnread(state.chat.chats);
  const label = unread > 0 ? `Чат, непрочитанных: ${unreadText(unread)}` : "Чат";
  return (
    <RouterButtonLink type="text" to={href.chat()} aria-label={label}>
      <CountBadge count={unread} cap={BELL_COUNTER_CAP} title={unreadText(unread)}>
        <MessageOutlined style={{ fontSize: 20 }} />
      </CountBadge>
    </RouterButtonLink>
  );
}
