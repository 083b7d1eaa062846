import { CloseOutlined, ExportOutlined } from "@ant-design/icons";
import type { Notification } from "@nadoy/contract/news";
import { Badge, Button, Flex, Tooltip, Typography, theme } from "antd";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { VisuallyHidden } from "../../../shared/ui/VisuallyHidden.tsx";
import { formatNotificationDate, notificationTarget } from "../notification-format.ts";

interface NotificationItemProps {
  notification: Notification;
  onDismiss: (pk: number) => void;
  dismissing: boolean;
  /** Called when its link leads to another page of the app (the bell closes its list). */
  onNavigate?: () => void;
}

function NotificationLink({ link, onNavigate }: { link: string | null; onNavigate?: () => void }) {
  const target = notificationTarget(link);
  if (!target) return null;
  if (target.kind === "external") {
    return (
      <Typography.Link href={target.href} target="_blank" rel="noopener noreferrer">
        Открыть <ExportOutlined aria-hidden />
      </Typography.Link>
    );
  }
  return (
    <span onClickCapture={onNavigate}>
      <RouterLink to={target.to}>Перейти</RouterLink>
    </span>
  );
}

/** One notification (spec §3): title, message, date dd.mm.yyyy, its link, and a dismiss button. */
export function NotificationItem({ notification, onDismiss, dismissing, onNavigate }: NotificationItemProps) {
  const { token } = theme.useToken();
  const { title, msg, dt, read, link } = notification.fields;
  return (
    <li
      aria-label={title}
      style={{
        listStyle: "none",
        padding: "10px 12px",
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: read ? undefined : token.colorPrimaryBg,
      }}
    >
      <Flex gap="small" align="start">
        <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Flex gap="small" align="baseline" justify="space-between">
            <Typography.Text strong={!read} style={{ overflowWrap: "anywhere" }}>
              {read ? null : <Badge status="processing" aria-hidden style={{ marginInlineEnd: 6 }} />}
              {title}
              {read ? null : <VisuallyHidden> (не прочитано)</VisuallyHidden>}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ whiteSpace: "nowrap", fontSize: token.fontSizeSM }}>
              <time dateTime={dt}>{formatNotificationDate(dt)}</time>
            </Typography.Text>
          </Flex>
          <Typography.Text style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>{msg}</Typography.Text>
          <NotificationLink link={link} onNavigate={onNavigate} />
        </Flex>
        <Tooltip title="Удалить">
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={`Удалить уведомление «${title}»`}
            disabled={dismissing}
            onClick={() => onDismiss(notification.pk)}
          />
        </Tooltip>
      </Flex>
    </li>
  );
}
