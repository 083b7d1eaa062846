import { CloseOutlined, NotificationOutlined } from "@ant-design/icons";
import { theme } from "antd";
import { useEffect, useSyncExternalStore } from "react";
import { useUserProfile } from "../../../shared/hooks/use-user-profile.ts";
import {
  readLastReadAnnouncement,
  saveLastReadAnnouncement,
  subscribeToStorage,
} from "../../../shared/lib/browser-storage.ts";
import { useSaveReadAnnouncement } from "../api.ts";

/**
 * Spec §4 "App start": the announcement of users/data shows above the navbar when it differs from
 * the last-read one. That one is kept in this browser (localStorage `announcement`) and on the
 * server (last_read_announcement of GET users/user_profile/, asked only when the browser's copy
 * differs), so a text closed anywhere never shows again. Closing stores the text in both places.
 * Drawn as antd's info banner looks, without Alert: every signed-in page loads ~2.5 KB less.
 */
export function AnnouncementBar({ announcement }: { announcement: string | null }) {
  const readHere = useSyncExternalStore(subscribeToStorage, readLastReadAnnouncement);
  const text = announcement?.trim() ? announcement : null;
  const unreadHere = text !== null && text !== readHere;
  const profile = useUserProfile(unreadHere);
  const saveRead = useSaveReadAnnouncement();
  const readOnServer = unreadHere && profile.data?.last_read_announcement === text;

  useEffect(() => {
    // Closed on another device or before a sign-out: remember it in this browser as well.
    if (readOnServer && text !== null) saveLastReadAnnouncement(text);
  }, [readOnServer, text]);

  // While the server's copy is asked for, show nothing rather than flash a bar that then goes
  // away; if it cannot be read, show the bar (it can be closed).
  if (!unreadHere || profile.isPending || readOnServer) return null;

  const close = () => {
    saveLastReadAnnouncement(text);
    saveRead(text);
  };
  return <Banner text={text} onClose={close} />;
}

function Banner({ text, onClose }: { text: string; onClose: () => void }) {
  const { token } = theme.useToken();
  return (
    <div
      role="alert"
      aria-label="Объявление"
      style={{
        display: "flex",
        alignItems: "center",
        gap: token.marginXS,
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        background: token.colorInfoBg,
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      <NotificationOutlined style={{ color: token.colorInfo }} />
      <span style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>{text}</span>
      <button
        type="button"
        aria-label="Закрыть объявление"
        onClick={onClose}
        style={{
          border: 0,
          background: "transparent",
          padding: 0,
          cursor: "pointer",
          color: token.colorIcon,
          fontSize: token.fontSizeSM,
          lineHeight: 1,
        }}
      >
        <CloseOutlined />
      </button>
    </div>
  );
}
