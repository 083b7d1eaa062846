import { pluralRu } from "@nadoy/contract/plural";
import { Tooltip, theme } from "antd";
import { useOnlineUsers } from "../../../shared/realtime/online-users.ts";

/** The tooltip: «Вы» for the user, then how many others are online (we know only their ids). */
export function onlineTooltip(ids: readonly number[], ownId: number, connected: boolean): string {
  const others = ids.filter((id) => id !== ownId).length;
  const othersText = `${others} ${pluralRu(others, ["пользователь", "пользователя", "пользователей"])}`;
  if (!connected) {
    const away = "Вы не в сети: соединение восстановится при любом действии";
    return others === 0 ? away : `${away}. Других в сети: ${othersText}`;
  }
  return others === 0 ? "В сети только вы" : `Вы и ещё ${othersText}`;
}

/** «В сети: N» in the navbar (spec §4 online user list), from the main socket's presence. */
export function OnlineIndicator({ userId }: { userId: number }) {
  const { ids, connected } = useOnlineUsers();
  const { token } = theme.useToken();
  if (ids === null) return null;
  const text = onlineTooltip(ids, userId, connected);
  return (
    <Tooltip title={text}>
      <span style={{ whiteSpace: "nowrap", color: token.colorTextSecondary }}>
        {/* antd's status dot, drawn here: Badge would cost every page ~3.5 KB. */}
        <span
          aria-hidden
          style={{
            display: "inline-block",
            width: 6,
            height: 6,
            borderRadius: "50%",
            verticalAlign: "middle",
            marginInlineEnd: 6,
            background: connected ? token.colorSuccess : token.colorTextPlaceholder,
          }}
        />
        {`В сети: ${ids.length}`}
      </span>
    </Tooltip>
  );
}
