import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import type { MonitoringDevice, MonitoringSite } from "@nadoy/contract/monitoring";
import {
  MONITORING_DEVICE_KIND_MAX,
  MONITORING_METER_ROLE_LABELS,
  MONITORING_MODEL_NAME_MAX,
  MONITORING_SERIES_KIND_LABELS,
  MONITORING_STATE_CODE_MAX,
  MONITORING_STATES_MAX,
  MONITORING_TIME_ZONE_DEFAULT,
  MONITORING_UNIT_MAX,
  type MonitoringModel,
  type MonitoringModelSeries,
  type MonitoringSeriesInput,
  monitoringDeviceInputSchema,
  monitoringSeriesInputSchema,
  monitoringSiteInputSchema,
  monitoringStateInputSchema,
  timeZoneSchema,
} from "@nadoy/contract/monitoring-model";
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Select } from "antd";
import { useState } from "react";
import { errorMessage } from "../../../../shared/lib/api-error.ts";
import { applyServerFieldErrors } from "../../../../shared/lib/server-field-errors.ts";
import { zodRule } from "../../../../shared/lib/zod-rule.ts";
import { saveDevice, saveSeries, saveSite, saveSubstation, useModelMutation } from "../../model-api.ts";

// The «Схема площадки» drawer's one form: a site, a device, a substation or a series, new or
// changed. The contract's schemas check each field as it is typed; the server's refusals (a
// second input meter, a zone PostgreSQL does not know) land under their fields.

/** What is being edited: a new part (its site given) or an existing one. */
export type Editing =
  | { part: "site"; site?: MonitoringSite }
  | { part: "device"; siteId: number; device?: MonitoringDevice }
  | { part: "substation"; siteId: number; substation?: MonitoringModel["substations"][number] }
  | { part: "series"; siteId: number; series?: MonitoringModelSeries; defaults?: Partial<MonitoringSeriesInput> };

const TITLES = {
  site: ["Новая площадка", "Площадка"],
  device: ["Новое устройство", "Устройство"],
  substation: ["Новая подстанция", "Подстанция"],
  series: ["Новый ряд", "Ряд"],
} as const;

/** Russia's zones first (west to east), then every other zone the browser knows. */
const RUSSIAN_ZONES = [
  "Europe/Kaliningrad",
  "Europe/Moscow",
  "Europe/Samara",
  "Asia/Yekaterinburg",
  "Asia/Omsk",
  "Asia/Novosibirsk",
  "Asia/Krasnoyarsk",
  "Asia/Irkutsk",
  "Asia/Yakutsk",
  "Asia/Vladivostok",
  "Asia/Magadan",
  "Asia/Kamchatka",
];
const zoneOptions = () => {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...RUSSIAN_ZONES, ...all.filter((zone) => !RUSSIAN_ZONES.includes(zone))].map((zone) => ({
    value: zone,
    label: zone,
  }));
};

const DEFAULT_UNITS: Partial<Record<MonitoringSeriesInput["kind"], string>> = { energy: "кВт·ч", power: "кВт" };

type FormValues = Record<string, unknown>;

const initialValues = (editing: Editing): FormValues => {
  switch (editing.part) {
    case "site":
      return editing.site
        ? { name: editing.site.name, time_zone: editing.site.time_zone }
        : { time_zone: MONITORING_TIME_ZONE_DEFAULT };
    case "device":
      return editing.device ? { name: editing.device.name, kind: editing.device.kind } : {};
    case "substation":
      return editing.substation ? { name: editing.substation.name } : {};
    case "series": {
      const s = editing.series;
      if (!s) return { kind: "sensor", ...editing.defaults };
      return {
        kind: s.kind,
        name: s.name,
        device_id: s.device_id,
        unit: s.unit,
        low: s.low,
        high: s.high,
        states: s.states,
        rollover: s.rollover,
        substation_id: s.substation_id,
        meter_role: s.meter_role,
      };
    }
  }
};

const SERIES_FIELDS = [
  "site_id",
  "kind",
  "name",
  "device_id",
  "unit",
  "low",
  "high",
  "states",
  "rollover",
  "substation_id",
  "meter_role",
] as const;
const FIELDS = [...SERIES_FIELDS, "time_zone"];

/** The series' body from the form: only the fields its kind has. */
function seriesInput(siteId: number, v: FormValues): MonitoringSeriesInput {
  const kind = v.kind as MonitoringSeriesInput["kind"];
  const num = (x: unknown) => (typeof x === "number" ? x : null);
  const meter = kind === "energy" || kind === "power";
  const substation = meter ? num(v.substation_id) : null;
  return {
    site_id: siteId,
    kind,
    name: String(v.name ?? ""),
    device_id: num(v.device_id),
    unit: kind === "state" ? null : typeof v.unit === "string" && v.unit.trim() ? v.unit : null,
    low: kind === "sensor" ? num(v.low) : null,
    high: kind === "sensor" ? num(v.high) : null,
    states: kind === "state" ? ((v.states as MonitoringSeriesInput["states"]) ?? []) : null,
    rollover: kind === "energy" ? num(v.rollover) : null,
    substation_id: substation,
    meter_role: substation === null ? null : ((v.meter_role as "input" | "feeder" | undefined) ?? null),
  };
}

export function ModelPartForm({
  dbUuid,
  model,
  editing,
  onClose,
}: {
  dbUuid: string;
  model: MonitoringModel;
  editing: Editing;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const kind = (Form.useWatch("kind", form) ?? initialValues(editing).kind) as MonitoringSeriesInput["kind"];
  const substationId = Form.useWatch("substation_id", form) as number | null | undefined;
  const isNew =
    (editing.part === "site" && !editing.site) ||
    (editing.part === "device" && !editing.device) ||
    (editing.part === "substation" && !editing.substation) ||
    (editing.part === "series" && !editing.series);

  const save = useModelMutation(dbUuid, async (values: FormValues) => {
    switch (editing.part) {
      case "site":
        return saveSite(dbUuid, editing.site?.id ?? null, {
          name: String(values.name ?? ""),
          time_zone: String(values.time_zone ?? ""),
        });
      case "device":
        return saveDevice(dbUuid, editing.device?.id ?? null, {
          site_id: editing.siteId,
          kind: String(values.kind ?? ""),
          name: String(values.name ?? ""),
        });
      case "substation":
        return saveSubstation(dbUuid, editing.substation?.id ?? null, {
          site_id: editing.siteId,
          name: String(values.name ?? ""),
        });
      case "series":
        return saveSeries(dbUuid, editing.series?.id ?? null, seriesInput(editing.siteId, values));
    }
  });

  const submit = (values: FormValues) => {
    setFormError(null);
    if (editing.part === "series") {
      // The rules between fields (low ≤ high, unique codes, a role with a substation) before sending.
      const checked = monitoringSeriesInputSchema.safeParse(seriesInput(editing.siteId, values));
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const field = issue?.path[0];
        if (typeof field === "string" && field !== "states") {
          form.setFields([{ name: field, errors: [issue?.message ?? ""] }]);
        } else setFormError(issue?.message ?? null);
        return;
      }
    }
    save.mutate(values, {
      onSuccess: onClose,
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, FIELDS)) setFormError(errorMessage(error));
      },
    });
  };

  const siteId = editing.part === "site" ? null : editing.siteId;
  const devices = model.devices.filter((d) => d.site_id === siteId);
  const substations = model.substations.filter((s) => s.site_id === siteId);
  const meter = kind === "energy" || kind === "power";

  return (
    <Modal
      open
      title={TITLES[editing.part][isNew ? 0 : 1]}
      okText={isNew ? "Добавить" : "Сохранить"}
      cancelText="Отмена"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(editing)}
        onFinish={submit}
        onValuesChange={(changed: FormValues) => {
          // A new series of another kind gets that kind's usual unit (a device's «kind» is its type: not this).
          if (editing.part === "series" && typeof changed.kind === "string") {
            form.setFieldValue("unit", DEFAULT_UNITS[changed.kind as MonitoringSeriesInput["kind"]] ?? null);
          }
        }}
      >
        {editing.part === "series" && (
          <Form.Item name="kind" label="Вид" extra={isNew ? undefined : "Вид ряда после создания не меняется"}>
            <Select
              disabled={!isNew}
              options={Object.entries(MONITORING_SERIES_KIND_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
        )}
        <Form.Item name="name" label="Название" rules={[zodRule(monitoringSiteInputSchema.shape.name)]}>
          <Input maxLength={MONITORING_MODEL_NAME_MAX} />
        </Form.Item>
        {editing.part === "site" && (
          <Form.Item
            name="time_zone"
            label="Часовой пояс"
            rules={[zodRule(timeZoneSchema)]}
            extra="Сутки и часы в отчётах считаются по этому поясу. При смене пояса итоги пересчитываются"
          >
            <Select showSearch options={zoneOptions()} />
          </Form.Item>
        )}
        {editing.part === "device" && (
          <Form.Item
            name="kind"
            label="Тип устройства"
            rules={[zodRule(monitoringDeviceInputSchema.shape.kind)]}
            extra="Например: доильный робот, танк-охладитель, миксер, насос, вентиляция"
          >
            <Input maxLength={MONITORING_DEVICE_KIND_MAX} />
          </Form.Item>
        )}
        {editing.part === "series" && (
          <>
            <Form.Item name="device_id" label="Устройство">
              <Select
                allowClear
                placeholder="Без устройства"
                options={devices.map((d) => ({ value: d.id, label: d.name }))}
              />
            </Form.Item>
            {kind !== "state" && (
              <Form.Item name="unit" label="Единица измерения">
                <Input maxLength={MONITORING_UNIT_MAX} placeholder="°C, бар, А, кВт·ч" />
              </Form.Item>
            )}
            {kind === "sensor" && (
              <Flex gap="small">
                <Form.Item name="low" label="Нижний порог" style={{ flex: 1 }}>
                  <InputNumber decimalSeparator="," style={{ width: "100%" }} />
                </Form.Item>
                <Form.Item name="high" label="Верхний порог" style={{ flex: 1 }}>
                  <InputNumber decimalSeparator="," style={{ width: "100%" }} />
                </Form.Item>
              </Flex>
            )}
            {kind === "state" && <StatesList />}
            {kind === "energy" && (
              <Form.Item
                name="rollover"
                label="Переполнение счётчика"
                extra="Значение, после которого счётчик начинает с нуля (например, 100000 для 99999). Пусто — неизвестно"
              >
                <InputNumber min={0} decimalSeparator="," style={{ width: "100%" }} />
              </Form.Item>
            )}
            {meter && (
              <Flex gap="small">
                <Form.Item name="substation_id" label="Подстанция" style={{ flex: 1 }}>
                  <Select
                    allowClear
                    placeholder="Вне подстанций"
                    options={substations.map((s) => ({ value: s.id, label: s.name }))}
                  />
                </Form.Item>
                {typeof substationId === "number" && (
                  <Form.Item
                    name="meter_role"
                    label="Роль счётчика"
                    style={{ flex: 1 }}
                    rules={[{ required: true, message: "Укажите, ввод это или фидер" }]}
                  >
                    <Select
                      options={Object.entries(MONITORING_METER_ROLE_LABELS).map(([value, label]) => ({ value, label }))}
                    />
                  </Form.Item>
                )}
              </Flex>
            )}
          </>
        )}
      </Form>
      {formError ? <Alert type="error" showIcon title={formError} /> : null}
    </Modal>
  );
}

/** A state channel's states: the code the device sends, its name and colour on the timeline. */
function StatesList() {
  return (
    <Form.List name="states">
      {(fields, { add, remove }) => (
        <Flex vertical gap={4} style={{ marginBottom: 16 }}>
          <span>Состояния</span>
          {fields.map((field) => (
            <Flex key={field.key} gap="small" align="start">
              <Form.Item
                name={[field.name, "code"]}
                rules={[zodRule(monitoringStateInputSchema.shape.code)]}
                style={{ flex: 1, marginBottom: 0 }}
              >
                <Input aria-label="Код состояния" placeholder="Код: on" maxLength={MONITORING_STATE_CODE_MAX} />
              </Form.Item>
              <Form.Item
                name={[field.name, "name"]}
                rules={[zodRule(monitoringStateInputSchema.shape.name)]}
                style={{ flex: 2, marginBottom: 0 }}
              >
                <Input aria-label="Название состояния" placeholder="Работает" maxLength={MONITORING_MODEL_NAME_MAX} />
              </Form.Item>
              <Form.Item name={[field.name, "color"]} style={{ marginBottom: 0 }}>
                <Input type="color" aria-label="Цвет состояния" style={{ width: 48, padding: 2 }} />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label="Убрать состояние"
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          {fields.length < MONITORING_STATES_MAX && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ code: "", name: "", color: "#2e7d32" })}
              style={{ alignSelf: "start" }}
            >
              Добавить состояние
            </Button>
          )}
        </Flex>
      )}
    </Form.List>
  );
}
