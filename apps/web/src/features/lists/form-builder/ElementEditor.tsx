import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from "@ant-design/icons";
import type { ListColumn } from "@nadoy/contract/lists";
import { Alert, Button, Card, Checkbox, Flex, Input, Space, Typography } from "antd";
import { DEFAULT_PLACEHOLDER } from "../../../shared/form-fields/placeholders.ts";
import { RichTextEditor } from "../../../shared/ui/RichTextEditor.tsx";
import type { DraftElement } from "./draft.ts";

export const COLUMN_TYPE_LABEL: Record<ListColumn["type"], string> = {
  checkbox: "флажок",
  text: "текст",
  date_picker: "дата",
  number: "число",
  percent: "процент",
  telephone: "телефон",
  ref: "ссылка",
  tag: "теги",
  select: "выбор",
};

/** The title of an element in the editor: its column (and type), or what kind of block it is. */
export function elementTitle(element: DraftElement, column: ListColumn | undefined): string {
  if (element.type_form_element === "text_block") return "Текстовый блок";
  if (element.type_form_element === "link_block") return "Ссылка";
  return column ? `${column.name} (${COLUMN_TYPE_LABEL[column.type]})` : "Удалённый столбец";
}

interface ElementEditorProps {
  element: DraftElement;
  column: ListColumn | undefined;
  index: number;
  count: number;
  error?: string;
  onChange: (element: DraftElement) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}

/** One element of the form in the builder: its settings, moving it and removing it. */
export function ElementEditor({
  element,
  column,
  index,
  count,
  error,
  onChange,
  onMove,
  onRemove,
}: ElementEditorProps) {
  const title = elementTitle(element, column);
  const set = (change: Partial<DraftElement>) => onChange({ ...element, ...change });
  return (
    <Card
      size="small"
      title={title}
      data-testid={`element-${index}`}
      extra={
        <Space size={4}>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={`${title}: выше`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`${title}: ниже`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          />
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${title}: удалить`} onClick={onRemove} />
        </Space>
      }
    >
      <Flex vertical gap={8}>
        {element.type_form_element === "text_block" && (
          <RichTextEditor
            profile="form"
            minRows={2}
            label={`${title}: текст`}
            value={element.label_data}
            placeholder="Добавьте описание"
            onChange={(label_data) => set({ label_data })}
          />
        )}
        {element.type_form_element === "link_block" && (
          <>
            <Input
              aria-label={`${title}: адрес`}
              placeholder="https://"
              value={element.label_data}
              onChange={(event) => set({ label_data: event.target.value })}
            />
            <Input
              aria-label={`${title}: текст ссылки`}
              placeholder="Текст ссылки (по умолчанию — адрес)"
              value={element.place_holder}
              onChange={(event) => set({ place_holder: event.target.value })}
            />
          </>
        )}
        {element.type_form_element === null && (
          <>
            <Typography.Text type="secondary">Описание поля</Typography.Text>
            <RichTextEditor
              profile="form"
              minRows={2}
              label={`${title}: описание`}
              value={element.label_data}
              onChange={(label_data) => set({ label_data })}
            />
            {column?.type !== "checkbox" && (
              <Input
                aria-label={`${title}: подсказка`}
                placeholder={`Подсказка в поле (по умолчанию «${column ? DEFAULT_PLACEHOLDER[column.type] : ""}»)`}
                maxLength={255}
                value={element.place_holder}
                onChange={(event) => set({ place_holder: event.target.value })}
              />
            )}
            <Space wrap>
              <Checkbox
                checked={element.mandatory_filling}
                onChange={(event) => set({ mandatory_filling: event.target.checked })}
              >
                Обязательное
              </Checkbox>
              <Checkbox checked={element.not_empty} onChange={(event) => set({ not_empty: event.target.checked })}>
                Не может быть пустым
              </Checkbox>
            </Space>
          </>
        )}
        {error && <Alert type="error" showIcon title={error} />}
      </Flex>
    </Card>
  );
}
