import { type ApiKey, KEY_SCOPE_LABELS, KEY_STATE_LABELS, type KeyState } from "@nadoy/contract/keys";
import { Button, Table, type TableColumnsType, Tag, Typography } from "antd";
import { formatMoment, lastUseText } from "../key-format.ts";

const STATE_COLORS: Record<KeyState, string> = { active: "green", expired: "orange", revoked: "default" };

/** The workspace's keys: what each writes where, who made it, when it was last used, its state. */
export function KeysTable({
  keys,
  onRevoke,
  revoking,
}: {
  keys: ApiKey[];
  onRevoke: (key: ApiKey) => void;
  revoking: string | null;
}) {
  const columns: TableColumnsType<ApiKey> = [
    {
      title: "Название",
      dataIndex: "name",
      render: (_, key) => (
        <>
          <Typography.Text strong>{key.name}</Typography.Text>
          <br />
          <Typography.Text type="secondary" code>
            {key.hint}…
          </Typography.Text>
        </>
      ),
    },
    { title: "Назначение", dataIndex: "scope", render: (_, key) => KEY_SCOPE_LABELS[key.scope] },
    { title: "База", render: (_, key) => key.database.name },
    { title: "Код DTM", render: (_, key) => key.dtm_code ?? "—" },
    { title: "Действует до", render: (_, key) => (key.expires_at ? formatMoment(key.expires_at) : "бессрочно") },
    {
      title: "Создан",
      render: (_, key) => `${formatMoment(key.created_at)}${key.created_by ? `, ${key.created_by.name}` : ""}`,
    },
    { title: "Последнее использование", render: (_, key) => lastUseText(key) },
    {
      title: "Состояние",
      render: (_, key) => (
        <>
          <Tag color={STATE_COLORS[key.state]}>{KEY_STATE_LABELS[key.state]}</Tag>
          {key.state === "active" && key.silent_since ? <Tag color="warning">Молчит</Tag> : null}
          {key.state === "active" && key.expected_interval_min ? (
            <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
              {key.silent_since
                ? `нет передач с ${formatMoment(key.silent_since)}`
                : `ожидается раз в ${key.expected_interval_min} мин`}
            </Typography.Text>
          ) : null}
          {key.state === "revoked" && key.revoked_at ? (
            <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
              {formatMoment(key.revoked_at)}
              {key.revoked_by ? `, ${key.revoked_by.name}` : ""}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      title: "",
      key: "actions",
      render: (_, key) =>
        key.state === "revoked" ? null : (
          <Button
            danger
            size="small"
            aria-label={`Отозвать ${key.name}`}
            loading={revoking === key.uuid}
            onClick={() => onRevoke(key)}
          >
            Отозвать
          </Button>
        ),
    },
  ];
  return <Table rowKey="uuid" columns={columns} dataSource={keys} pagination={false} scroll={{ x: true }} />;
}
