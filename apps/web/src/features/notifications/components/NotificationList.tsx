import { BellOutlined } from "@ant-design/icons";
import { App, Button, Empty, Flex, Result, Spin, Typography } from "antd";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { useDismissNotifications, useNotifications } from "../api.ts";
import { notificationCountText, unreadCount, unreadCountText } from "../notification-format.ts";
import { NotificationItem } from "./NotificationItem.tsx";

interface NotificationListProps {
  /** The bell's list: a scrolling box; else the full page. */
  compact?: boolean;
  /** A notification's link leads to another page of the app. */
  onNavigate?: () => void;
  /** «Очистить все» asks (true) and has its answer (false): the bell keeps its panel open meanwhile. */
  onAsking?: (asking: boolean) => void;
}

/**
 * The user's notifications (spec §3, §4), for the bell and the notification pages alike: counts,
 * «Очистить все», and per notification its date, link and dismiss button. Dismissing sends
 * PUT news/user_notifications/ with the pks; any status but 205 shows the error toast (spec §8).
 */
export function NotificationList({ compact = false, onNavigate, onAsking }: NotificationListProps) {
  const notifications = useNotifications();
  const dismiss = useDismissNotifications();
  const showFailure = useFailureToast();
  const { modal } = App.useApp();
  const list = notifications.data ?? [];
  const dismissPks = (pks: number[]) => dismiss.mutate(pks, { onError: showFailure });

  if (notifications.isPending) {
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin aria-label="Загрузка уведомлений" />
      </Flex>
    );
  }
  if (notifications.isError && !notifications.data) {
    return (
      <Result
        status="warning"
        title="Не удалось загрузить уведомления"
        extra={<Button onClick={() => void notifications.refetch()}>Повторить</Button>}
      />
    );
  }

  const unread = unreadCount(list);
  return (
    <Flex vertical gap="small" style={compact ? { width: "min(380px, calc(100vw - 32px))" } : undefined}>
      <Flex align="center" justify="space-between" gap="small" wrap>
        <Typography.Text type="secondary">
          {list.length === 0 ? "Уведомлений нет" : notificationCountText(list.length)}
          {unread > 0 ? `, ${unreadCountText(unread)}` : ""}
        </Typography.Text>
        <Button
          size="small"
          disabled={list.length === 0 || dismiss.isPending}
          onClick={() => {
            // Asks first: the cleared notifications cannot be brought back.
            onAsking?.(true);
            modal.confirm({
              title: "Удалить все уведомления?",
              content: "Вернуть их будет нельзя.",
              okText: "Очистить",
              okButtonProps: { danger: true },
              cancelText: "Отмена",
              onOk: () => dismissPks(list.map((notification) => notification.pk)),
              afterClose: () => onAsking?.(false),
            });
          }}
        >
          Очистить все
        </Button>
      </Flex>
      {list.length === 0 ? (
        <Empty image={<BellOutlined style={{ fontSize: 40 }} />} description="Новых уведомлений нет" />
      ) : (
        <ul
          aria-label="Список уведомлений"
          style={{
            margin: 0,
            padding: 0,
            ...(compact ? { maxHeight: "min(60vh, 480px)", overflowY: "auto" } : {}),
          }}
        >
          {list.map((notification) => (
            <NotificationItem
              key={notification.pk}
              notification={notification}
              onDismiss={(pk) => dismissPks([pk])}
              dismissing={dismiss.isPending}
              onNavigate={onNavigate}
            />
          ))}
        </ul>
      )}
    </Flex>
  );
}
