import type { ManagedNews } from "@nadoy/contract/content";
import { Button, Flex } from "antd";
import { useState } from "react";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { usePublishNews } from "../api.ts";
import { ScheduleDialog } from "./ScheduleDialog.tsx";

type Publishable = Pick<ManagedNews, "id" | "status" | "publish_at">;

/**
 * Publish now, schedule (a date-time picker) or unpublish (back to draft): the buttons that fit the
 * item's status. Used in the editors' table and on the edit form.
 */
export function PublishControls({ item, compact = false }: { item: Publishable; compact?: boolean }) {
  const publish = usePublishNews();
  const failed = useFailureToast();
  const done = useSuccessToast();
  const [scheduling, setScheduling] = useState(false);
  const size = compact ? "small" : "middle";
  const type = compact ? "link" : "default";

  const send = (publishAt: string | null, message: string) =>
    publish.mutate(
      { id: item.id, publishAt },
      {
        onSuccess: () => {
          setScheduling(false);
          done(message);
        },
        onError: failed,
      },
    );

  return (
    <Flex gap={compact ? 0 : 8} wrap>
      {item.status !== "published" ? (
        <Button
          size={size}
          type={compact ? "link" : "primary"}
          disabled={publish.isPending}
          onClick={() => send(new Date().toISOString(), "Новость опубликована")}
        >
          Опубликовать
        </Button>
      ) : null}
      <Button size={size} type={type} disabled={publish.isPending} onClick={() => setScheduling(true)}>
        {item.status === "scheduled" ? "Перенести" : "Запланировать"}
      </Button>
      {item.status !== "draft" ? (
        <Button
          size={size}
          type={type}
          disabled={publish.isPending}
          onClick={() => send(null, "Новость снята с публикации")}
        >
          Снять с публикации
        </Button>
      ) : null}
      <ScheduleDialog
        open={scheduling}
        initial={item.publish_at}
        busy={publish.isPending}
        onCancel={() => setScheduling(false)}
        onSchedule={(publishAt) => send(publishAt, "Публикация запланирована")}
      />
    </Flex>
  );
}
