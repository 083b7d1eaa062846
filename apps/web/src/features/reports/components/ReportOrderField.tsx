import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from "@ant-design/icons";
import { Button, Flex, Select, Typography } from "antd";

export interface ReportChoice {
  uuid: string;
  title: string;
  active: boolean;
}

interface ReportOrderFieldProps {
  id?: string;
  /** The chosen reports' uuids, in the group's order. */
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Every report that may be added. */
  choices: ReportChoice[];
}

function move(list: string[], from: number, to: number): string[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The reports of a group in order: add from a select, move up and down, remove. */
export function ReportOrderField({ id, value = [], onChange, choices }: ReportOrderFieldProps) {
  const byUuid = new Map(choices.map((choice) => [choice.uuid, choice]));
  const options = choices
    .filter((choice) => !value.includes(choice.uuid))
    .map((choice) => ({ value: choice.uuid, label: choice.active ? choice.title : `${choice.title} (отключён)` }));
  return (
    <Flex vertical gap="small">
      <Select<string>
        id={id}
        aria-label="Добавить отчёт"
        placeholder="Добавить отчёт"
        value={null}
        options={options}
        showSearch={{ optionFilterProp: "label" }}
        onChange={(uuid) => onChange?.([...value, uuid])}
        notFoundContent="Больше нечего добавить"
      />
      {value.length === 0 ? (
        <Typography.Text type="secondary">В группе пока нет отчётов</Typography.Text>
      ) : (
        <ol aria-label="Отчёты группы" style={{ margin: 0, padding: 0, listStyle: "none" }}>
          {value.map((uuid, index) => {
            const title = byUuid.get(uuid)?.title ?? uuid;
            return (
              <li key={uuid} aria-label={title}>
                <Flex align="center" gap="small" style={{ padding: "4px 0" }}>
                  <Typography.Text style={{ flex: 1, minWidth: 0 }} ellipsis>
                    {index + 1}. {title}
                  </Typography.Text>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={`Выше: ${title}`}
                    disabled={index === 0}
                    onClick={() => onChange?.(move(value, index, index - 1))}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={`Ниже: ${title}`}
                    disabled={index === value.length - 1}
                    onClick={() => onChange?.(move(value, index, index + 1))}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<CloseOutlined />}
                    aria-label={`Убрать: ${title}`}
                    onClick={() => onChange?.(value.filter((item) => item !== uuid))}
                  />
                </Flex>
              </li>
            );
          })}
        </ol>
      )}
    </Flex>
  );
}
