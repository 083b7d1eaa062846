import { AUDIT_PAGE_SIZE, type AuditEntry } from "@nadoy/contract/admin-users";
import { Button, DatePicker, Flex, Select, Table, type TableColumnsType, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { isoDay } from "../../../shared/lib/iso-day.ts";
import { useAudit } from "../api.ts";
import { dateTime } from "../lib/dates.ts";
import { AuditDetails } from "./AuditDetails.tsx";
import { AuditUserSelect, type PickedUser } from "./AuditUserSelect.tsx";

interface AuditFilter {
  user?: PickedUser;
  action?: string;
  range?: [Dayjs, Dayjs];
  page: number;
}

const columns: TableColumnsType<AuditEntry> = [
  { key: "at", title: "Время", width: 150, render: (_, entry) => dateTime(entry.at) },
  { key: "user", title: "Пользователь", render: (_, entry) => entry.user?.name ?? "Система" },
  { key: "action", title: "Действие", dataIndex: "action_text" },
  { key: "subject", title: "Кого или что", render: (_, entry) => entry.subject ?? "—" },
  { key: "ip", title: "IP", render: (_, entry) => entry.ip ?? "—" },
  { key: "details", title: "Изменения", render: (_, entry) => <AuditDetails details={entry.details} /> },
];

/** /admin/audit — who changed what and when, newest first, filtered by user, action and dates. */
export function AuditLog() {
  const [filter, setFilter] = useState<AuditFilter>({ page: 1 });
  const audit = useAudit({
    user_id: filter.user?.value,
    action: filter.action,
    from: filter.range ? isoDay(filter.range[0]) : undefined,
    to: filter.range ? isoDay(filter.range[1]) : undefined,
    page: filter.page,
  });
  const refine = (change: Partial<AuditFilter>) => setFilter((current) => ({ ...current, ...change, page: 1 }));
  const actions = (audit.data?.actions ?? []).map((action) => ({ value: action.action, label: action.text }));

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ margin: 0 }}>
        Журнал изменений
      </Typography.Title>
      <Flex gap="small" wrap>
        <AuditUserSelect value={filter.user} onChange={(user) => refine({ user })} />
        <Select
          allowClear
          value={filter.action}
          options={actions}
          onChange={(action?: string) => refine({ action })}
          placeholder="Все действия"
          aria-label="Действие"
          style={{ width: 260 }}
        />
        <DatePicker.RangePicker
          value={filter.range}
          format="DD.MM.YYYY"
          onChange={(range) => refine({ range: range?.[0] && range[1] ? [range[0], range[1]] : undefined })}
          placeholder={["С", "По"]}
          aria-label="Даты"
        />
      </Flex>
      {audit.isError ? (
        <Flex gap="small" align="center">
          <Typography.Text type="secondary">Журнал не загрузился.</Typography.Text>
          <Button size="small" onClick={() => void audit.refetch()}>
            Повторить
          </Button>
        </Flex>
      ) : (
        <Table<AuditEntry>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={audit.data?.items ?? []}
          loading={audit.isFetching}
          pagination={{
            current: filter.page,
            pageSize: audit.data?.page_size ?? AUDIT_PAGE_SIZE,
            total: audit.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (page) => setFilter((current) => ({ ...current, page })),
          }}
          locale={{ emptyText: "Записей нет" }}
          scroll={{ x: true }}
        />
      )}
    </Flex>
  );
}
