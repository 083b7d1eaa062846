import { HERD_SEGMENT_NAME_MAX, type HerdSegment } from "@nadoy/contract/herd-segments";
import { Button, Flex, Input, Popconfirm, Switch, Typography } from "antd";
import { useState } from "react";

export interface SegmentFields {
  name: string;
  shared: boolean;
  active: boolean;
}

interface SaveSegmentFormProps {
  /** The saved segment being edited, or null for a new one. */
  segment: HerdSegment | null;
  /** False while the rule's text does not parse: nothing to save. */
  ruleReady: boolean;
  saving: boolean;
  onSave: (fields: SegmentFields) => void;
  onSaveAsNew: (fields: SegmentFields) => void;
  onDelete: () => void;
}

/** Name, «Доступен всей компании», «Активен»; save, save as new, delete (asked first). */
export function SaveSegmentForm({ segment, ruleReady, saving, onSave, onSaveAsNew, onDelete }: SaveSegmentFormProps) {
  const [fields, setFields] = useState<SegmentFields>(() => ({
    name: segment?.name ?? "",
    shared: segment?.shared ?? false,
    active: segment?.active ?? true,
  }));
  const set = (change: Partial<SegmentFields>) => setFields((now) => ({ ...now, ...change }));
  const named = fields.name.trim().length > 0;
  const mine = segment?.editable ?? false;

  return (
    <Flex vertical gap="small">
      <Input
        value={fields.name}
        maxLength={HERD_SEGMENT_NAME_MAX}
        onChange={(event) => set({ name: event.target.value })}
        placeholder="Например: Первотёлки до 100 дней"
        aria-label="Название сегмента"
        style={{ maxWidth: 420 }}
      />
      <Flex gap="large" wrap>
        <Flex gap="small" align="center">
          <Switch checked={fields.shared} onChange={(shared) => set({ shared })} aria-label="Доступен всей компании" />
          <Typography.Text>Доступен всей компании</Typography.Text>
        </Flex>
        <Flex gap="small" align="center">
          <Switch checked={fields.active} onChange={(active) => set({ active })} aria-label="Активен" />
          <Typography.Text>Активен</Typography.Text>
        </Flex>
      </Flex>
      <Flex gap="small" wrap>
        <Button
          type="primary"
          loading={saving}
          disabled={!named || !ruleReady}
          onClick={() => (mine || !segment ? onSave(fields) : onSaveAsNew(fields))}
        >
          {segment && mine ? "Сохранить изменения" : "Сохранить сегмент"}
        </Button>
        {segment && mine ? (
          <>
            <Button disabled={!named || !ruleReady || saving} onClick={() => onSaveAsNew(fields)}>
              Сохранить как новый
            </Button>
            <Popconfirm
              title="Удалить сегмент?"
              description={`«${segment.name}» будет удалён у всех, кому он доступен.`}
              okText="Удалить"
              cancelText="Отмена"
              okButtonProps={{ danger: true }}
              onConfirm={onDelete}
            >
              <Button danger>Удалить</Button>
            </Popconfirm>
          </>
        ) : null}
      </Flex>
      {!ruleReady ? (
        <Typography.Text type="secondary">Исправьте правило, чтобы сохранить сегмент.</Typography.Text>
      ) : null}
    </Flex>
  );
}
