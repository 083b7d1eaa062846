import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import {
  MONITORING_METER_ROLE_LABELS,
  MONITORING_SERIES_KIND_LABELS,
  type MonitoringModel,
  type MonitoringModelSeries,
} from "@nadoy/contract/monitoring-model";
import { Button, Card, Drawer, Empty, Flex, Popconfirm, Result, Spin, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useApiErrorToast } from "../../../../shared/hooks/use-api-error-toast.ts";
import { useSuccessToast } from "../../../../shared/hooks/use-success-toast.ts";
import { errorMessage } from "../../../../shared/lib/api-error.ts";
import { href } from "../../../../shared/routes/href.ts";
import { type DeletedPart, deletedText, deviceKindText, whatGoesAlong } from "../../lib/model-texts.ts";
import { figure } from "../../lib/site-time.ts";
import { deleteModelPart, type ModelPart, useModelMutation, useMonitoringModel } from "../../model-api.ts";
import { type Editing, ModelPartForm } from "./ModelPartForm.tsx";

// «Схема площадки»: the model of a monitoring database (contract monitoring-model.ts) — sites,
// their devices with their series, series of no device, substations with their meters — with
// forms to add, change and delete each. Every series shows its id: the `series_id` a gateway
// sends its readings with (a key from the key generator).

const PART_NAMES: Record<ModelPart, string> = {
  site: "площадку",
  device: "устройство",
  substation: "подстанцию",
  series: "ряд",
};

/** What a series measures, in a few words: its kind, unit, thresholds or states, its meter role. */
function seriesSummary(s: MonitoringModelSeries): string {
  const parts: string[] = [MONITORING_SERIES_KIND_LABELS[s.kind]];
  if (s.unit && s.kind === "sensor") parts.push(s.unit);
  if (s.low !== null || s.high !== null) parts.push(`пороги ${figure(s.low)} … ${figure(s.high)}`);
  if (s.states) parts.push(s.states.map((state) => state.name).join(" / "));
  if (s.meter_role) parts.push(MONITORING_METER_ROLE_LABELS[s.meter_role].toLowerCase());
  return parts.join(", ");
}

interface Actions {
  model: MonitoringModel;
  edit: (editing: Editing) => void;
  remove: (target: DeletedPart) => void;
  removing: boolean;
}

function DeleteButton({ actions, target, name }: { actions: Actions; target: DeletedPart; name: string }) {
  return (
    <Popconfirm
      title={`Удалить ${PART_NAMES[target.part]} «${name}»?`}
      description={whatGoesAlong(actions.model, target)}
      okText="Удалить"
      okButtonProps={{ danger: true }}
      cancelText="Отмена"
      onConfirm={() => actions.remove(target)}
    >
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={`Удалить ${PART_NAMES[target.part]} «${name}»`}
        disabled={actions.removing}
      />
    </Popconfirm>
  );
}

function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <Button type="text" size="small" icon={<EditOutlined />} aria-label={label} onClick={onClick} />;
}

function SeriesTable({ series, actions, label }: { series: MonitoringModelSeries[]; actions: Actions; label: string }) {
  if (series.length === 0) return <Typography.Text type="secondary">Рядов пока нет.</Typography.Text>;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="id"
      aria-label={label}
      dataSource={series}
      columns={[
        { title: "Ряд", key: "name", render: (_, s) => s.name },
        { title: "Что измеряет", key: "kind", render: (_, s) => seriesSummary(s) },
        {
          title: "series_id",
          key: "id",
          render: (_, s) => (
            <Typography.Text code copyable={{ text: String(s.id), tooltips: ["Скопировать series_id", "Скопировано"] }}>
              {s.id}
            </Typography.Text>
          ),
        },
        {
          title: "",
          key: "actions",
          width: 72,
          render: (_, s) => (
            <Flex>
              <EditButton
                label={`Изменить ряд «${s.name}»`}
                onClick={() => actions.edit({ part: "series", siteId: s.site_id, series: s })}
              />
              <DeleteButton actions={actions} target={{ part: "series", id: s.id }} name={s.name} />
            </Flex>
          ),
        },
      ]}
    />
  );
}

function SiteSection({ site, actions }: { site: MonitoringModel["sites"][number]; actions: Actions }) {
  const { model, edit } = actions;
  const devices = model.devices.filter((d) => d.site_id === site.id);
  const substations = model.substations.filter((s) => s.site_id === site.id);
  const series = model.series.filter((s) => s.site_id === site.id);
  const loose = series.filter((s) => s.device_id === null && s.substation_id === null);
  const addSeries = (defaults: Editing & { part: "series" }) => () => edit(defaults);

  return (
    <section aria-label={`Площадка «${site.name}»`}>
      <Flex align="center" gap="small" wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {site.name}
        </Typography.Title>
        <Tag>{site.time_zone}</Tag>
        <EditButton label={`Изменить площадку «${site.name}»`} onClick={() => edit({ part: "site", site })} />
        <DeleteButton actions={actions} target={{ part: "site", id: site.id }} name={site.name} />
      </Flex>

      <Flex align="center" justify="space-between" style={{ marginTop: 16 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Устройства и их ряды
        </Typography.Title>
        <Button size="small" icon={<PlusOutlined />} onClick={() => edit({ part: "device", siteId: site.id })}>
          Добавить устройство
        </Button>
      </Flex>
      <Flex vertical gap="small" style={{ marginTop: 8 }}>
        {devices.length === 0 && <Typography.Text type="secondary">Устройств пока нет.</Typography.Text>}
        {devices.map((device) => (
          <Card
            key={device.id}
            size="small"
            title={`${device.name} · ${deviceKindText(device.kind)}`}
            extra={
              <Flex>
                <Button
                  size="small"
                  type="link"
                  icon={<PlusOutlined />}
                  onClick={addSeries({ part: "series", siteId: site.id, defaults: { device_id: device.id } })}
                >
                  Ряд
                </Button>
                <EditButton
                  label={`Изменить устройство «${device.name}»`}
                  onClick={() => edit({ part: "device", siteId: site.id, device })}
                />
                <DeleteButton actions={actions} target={{ part: "device", id: device.id }} name={device.name} />
              </Flex>
            }
          >
            <SeriesTable
              series={series.filter((s) => s.device_id === device.id)}
              actions={actions}
              label={`Ряды устройства «${device.name}»`}
            />
          </Card>
        ))}
        <Card
          size="small"
          title="Ряды без устройства"
          extra={
            <Button
              size="small"
              type="link"
              icon={<PlusOutlined />}
              onClick={addSeries({ part: "series", siteId: site.id })}
            >
              Ряд
            </Button>
          }
        >
          <SeriesTable series={loose} actions={actions} label={`Ряды без устройства: ${site.name}`} />
        </Card>
      </Flex>

      <Flex align="center" justify="space-between" style={{ marginTop: 16 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Подстанции и счётчики
        </Typography.Title>
        <Button size="small" icon={<PlusOutlined />} onClick={() => edit({ part: "substation", siteId: site.id })}>
          Добавить подстанцию
        </Button>
      </Flex>
      <Flex vertical gap="small" style={{ marginTop: 8 }}>
        {substations.length === 0 && <Typography.Text type="secondary">Подстанций пока нет.</Typography.Text>}
        {substations.map((substation) => (
          <Card
            key={substation.id}
            size="small"
            title={substation.name}
            extra={
              <Flex>
                <Button
                  size="small"
                  type="link"
                  icon={<PlusOutlined />}
                  onClick={addSeries({
                    part: "series",
                    siteId: site.id,
                    defaults: {
                      kind: "energy",
                      unit: "кВт·ч",
                      substation_id: substation.id,
                      meter_role: series.some((s) => s.substation_id === substation.id && s.meter_role === "input")
                        ? "feeder"
                        : "input",
                    },
                  })}
                >
                  Счётчик
                </Button>
                <EditButton
                  label={`Изменить подстанцию «${substation.name}»`}
                  onClick={() => edit({ part: "substation", siteId: site.id, substation })}
                />
                <DeleteButton
                  actions={actions}
                  target={{ part: "substation", id: substation.id }}
                  name={substation.name}
                />
              </Flex>
            }
          >
            <SeriesTable
              series={series
                .filter((s) => s.substation_id === substation.id)
                .sort((a, b) => Number(b.meter_role === "input") - Number(a.meter_role === "input"))}
              actions={actions}
              label={`Счётчики подстанции «${substation.name}»`}
            />
          </Card>
        ))}
      </Flex>
    </section>
  );
}

/** The drawer; the model is fetched while it is open. */
export function ModelDrawer({ dbUuid, open, onClose }: { dbUuid: string; open: boolean; onClose: () => void }) {
  const model = useMonitoringModel(dbUuid, open);
  const [editing, setEditing] = useState<Editing | null>(null);
  const showSuccess = useSuccessToast();
  const showFailure = useApiErrorToast();
  const remove = useModelMutation(dbUuid, (target: DeletedPart) => deleteModelPart(dbUuid, target.part, target.id));

  const body = () => {
    if (model.isPending) return <Spin style={{ display: "block", margin: "48px auto" }} />;
    if (model.isError) return <Result status="warning" title="Схема недоступна" subTitle={errorMessage(model.error)} />;
    const data = model.data;
    const actions: Actions = {
      model: data,
      edit: setEditing,
      remove: (target) =>
        remove.mutate(target, { onSuccess: (d) => showSuccess(deletedText(d)), onError: showFailure }),
      removing: remove.isPending,
    };
    return (
      <Flex vertical gap="large">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Опишите площадки, устройства и ряды показаний. Устройство отправляет каждое показание с номером ряда (
          <Typography.Text code>series_id</Typography.Text>) и ключом из{" "}
          <Link to={href.keyGenerator()}>«Генератора ключей»</Link>.
        </Typography.Paragraph>
        {data.editable && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            style={{ alignSelf: "start" }}
            onClick={() => setEditing({ part: "site" })}
          >
            Добавить площадку
          </Button>
        )}
        {data.sites.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Площадок пока нет: добавьте первую." />
        ) : (
          data.sites.map((site) => <SiteSection key={site.id} site={site} actions={actions} />)
        )}
        {editing && <ModelPartForm dbUuid={dbUuid} model={data} editing={editing} onClose={() => setEditing(null)} />}
      </Flex>
    );
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={model.data ? `Схема площадки: ${model.data.database.name}` : "Схема площадки"}
      destroyOnHidden
    >
      {body()}
    </Drawer>
  );
}
