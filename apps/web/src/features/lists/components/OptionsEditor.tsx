import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { TAG_NAME_MAX } from "@nadoy/contract/form-values";
import { TAG_OPTIONS_MAX } from "@nadoy/contract/lists";
import { Button, ColorPicker, Flex, Form, Input } from "antd";
import type { Color } from "antd/es/color-picker";
import { presetColor, TAG_PRESET_COLORS } from "../lib/cells.ts";

/** One option as the form holds it; `previous_name` is the stored name of an existing option. */
export interface OptionField {
  name: string;
  color: string;
  previous_name?: string;
}

const optionRules = [
  { required: true, whitespace: true, message: "Введите название" },
  { max: TAG_NAME_MAX, message: `Не более ${TAG_NAME_MAX} символов` },
  {
    validator: (_: unknown, value: unknown) =>
      typeof value === "string" && value.includes(";")
        ? Promise.reject(new Error("Название не может содержать «;»"))
        : Promise.resolve(),
  },
];

/** The options (name and colour) of a tag or select column, under the form field `name`. */
export function OptionsEditor({ name = "options" }: { name?: string | (string | number)[] }) {
  return (
    <Form.List
      name={name}
      rules={[
        {
          validator: async (_rule, options: OptionField[] | undefined) => {
            const names = (options ?? []).map((o) => o?.name?.trim().toLowerCase()).filter(Boolean);
            if (names.length === 0) throw new Error("Добавьте хотя бы один вариант");
            if (new Set(names).size !== names.length) throw new Error("Названия вариантов повторяются");
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="start">
              <Form.Item name={[field.name, "color"]} noStyle getValueFromEvent={(color: Color) => color.toHexString()}>
                <ColorPicker
                  aria-label={`Цвет варианта ${index + 1}`}
                  presets={[{ label: "Цвета", colors: [...TAG_PRESET_COLORS] }]}
                  disabledAlpha
                />
              </Form.Item>
              <Form.Item name={[field.name, "name"]} rules={optionRules} style={{ flex: 1, marginBottom: 0 }}>
                <Input aria-label={`Вариант ${index + 1}`} placeholder="Название варианта" maxLength={TAG_NAME_MAX} />
              </Form.Item>
              <Form.Item name={[field.name, "previous_name"]} hidden>
                <Input />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`Удалить вариант ${index + 1}`}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= TAG_OPTIONS_MAX}
            onClick={() => add({ name: "", color: presetColor(fields.length) } satisfies OptionField)}
          >
            Добавить вариант
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/** The options to send: trimmed names, previous_name only where an option was renamed. */
export function optionsToSend(options: readonly OptionField[] | undefined) {
  return (options ?? []).map(({ name, color, previous_name }) => {
    const trimmed = name.trim();
    return previous_name && previous_name !== trimmed
      ? { name: trimmed, color, previous_name }
      : { name: trimmed, color };
  });
}
