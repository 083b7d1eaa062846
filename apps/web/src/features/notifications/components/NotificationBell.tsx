import { BellOutlined } from "@ant-design/icons";
import { BELL_COUNTER_CAP } from "@nadoy/contract/constants";
import { Button, Flex, Popover } from "antd";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { href } from "../../../shared/routes/href.ts";
import { CountBadge } from "../../../shared/ui/CountBadge.tsx";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { VisuallyHidden } from "../../../shared/ui/VisuallyHidden.tsx";
import { useNotifications } from "../api.ts";
import { bellCounterText, unreadCount } from "../notification-format.ts";
import { useRefetchOnNotificationsChanged } from "../use-notifications-changed.ts";

// The list is a chunk of its own, loaded when the bell is first opened: the navbar only counts.
const NotificationList = lazy(() => import("./NotificationList.tsx").then((m) => ({ default: m.NotificationList })));

/**
 * The navbar bell (spec §1, §4 "Notification"): owns the poll of news/user_notifications/ (every
 * NOTIFICATION_POLL_MS), badges the unread count («99+» above 99) and opens the list. A failed
 * poll shows the error toast (spec §8); a 401 is left to the token flow. An editor's send refetches
 * at once over the main socket (NOTIFICATIONS_CHANGED).
 */
export function NotificationBell() {
  const notifications = useNotifications();
  useRefetchOnNotificationsChanged();
  const showFailure = useFailureToast();
  const [open, setOpen] = useState(false);
  const descriptionId = useId();
  const unread = unreadCount(notifications.data ?? []);
  const { error, errorUpdatedAt } = notifications;

  useEffect(() => {
    // Once per failed call (errorUpdatedAt changes with each), not once per render.
    if (error && errorUpdatedAt) showFailure(error);
  }, [error, errorUpdatedAt, showFailure]);

  const close = () => setOpen(false);
  // While «Очистить все» asks its question (a dialog outside the panel), a click there is not a
  // click away from the panel: it stays open and shows the emptied list.
  const asking = useRef(false);

  return (
    <>
      <Popover
        open={open}
        onOpenChange={(next) => {
          if (next || !asking.current) setOpen(next);
        }}
        trigger="click"
        placement="bottomRight"
        // On a phone the bell is not at the screen's edge: the popover may slide left as far as it
        // needs to stay on screen (antd's own limit keeps its arrow on the bell and lets it overflow).
        align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
        title={
          <Flex justify="space-between" align="baseline" gap="middle">
            <span>Уведомления</span>
            <span onClickCapture={close} style={{ fontWeight: "normal" }}>
              <RouterLink to={href.userNotifications()}>Все уведомления</RouterLink>
            </span>
          </Flex>
        }
        content={
          <Suspense fallback={<PageSpinner />}>
            <NotificationList
              compact
              onNavigate={close}
              onAsking={(now) => {
                asking.current = now;
              }}
            />
          </Suspense>
        }
        destroyOnHidden
      >
        <Button type="text" aria-label="Уведомления" aria-describedby={descriptionId} aria-expanded={open}>
          <CountBadge count={unread} cap={BELL_COUNTER_CAP} title={bellCounterText(unread)}>
            <BellOutlined style={{ fontSize: 20 }} />
          </CountBadge>
        </Button>
      </Popover>
      <VisuallyHidden id={descriptionId}>
        {unread > 0 ? `Непрочитанных: ${bellCounterText(unread)}` : "Непрочитанных нет"}
      </VisuallyHidden>
    </>
  );
}
