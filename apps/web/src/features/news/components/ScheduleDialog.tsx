import { DatePicker, Modal, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";

/**
 * Picks the moment a news item goes out (in the future; the server publishes it then). `initial`
 * is the current publish time, if any.
 */
export function ScheduleDialog({
  open,
  initial,
  busy,
  onCancel,
  onSchedule,
}: {
  open: boolean;
  initial: string | null;
  busy: boolean;
  onCancel: () => void;
  onSchedule: (publishAt: string) => void;
}) {
  const [value, setValue] = useState<Dayjs | null>(null);
  const chosen = value ?? (initial && dayjs(initial).isAfter(dayjs()) ? dayjs(initial) : null);
  const inPast = chosen !== null && !chosen.isAfter(dayjs());
  return (
    <Modal
      open={open}
      title="Запланировать публикацию"
      okText="Запланировать"
      cancelText="Отмена"
      okButtonProps={{ disabled: chosen === null || inPast, loading: busy }}
      onOk={() => {
        if (chosen) onSchedule(chosen.toISOString());
      }}
      onCancel={() => {
        setValue(null);
        onCancel();
      }}
      destroyOnHidden
    >
      <DatePicker
        showTime={{ format: "HH:mm" }}
        format="DD.MM.YYYY HH:mm"
        aria-label="Дата и время публикации"
        style={{ width: "100%" }}
        value={chosen}
        disabledDate={(date) => date.isBefore(dayjs(), "day")}
        onChange={(date) => setValue(date)}
        needConfirm={false}
      />
      {inPast ? <Typography.Text type="danger">Выберите время в будущем</Typography.Text> : null}
    </Modal>
  );
}
