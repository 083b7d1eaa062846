import type { AdminUser } from "@nadoy/contract/admin-users";
import { Divider, Form, Select } from "antd";
import { useEffect, useRef } from "react";
import { useCompaniesOf, useIframeGroupOptions, useReportOptions } from "../api.ts";
import { picksWithout, type UserFormValues } from "../lib/user-form-values.ts";

interface Option<V> {
  value: V;
  label: string;
}

const withState = (name: string, active: boolean, off: string) => (active ? name : `${name} (${off})`);

/** Options by value, the first of each kept (loaded ones come before the user's own picks). */
function unique<V>(options: Option<V>[]): Option<V>[] {
  const seen = new Set<V>();
  return options.filter((option) => !seen.has(option.value) && seen.add(option.value));
}

interface UserAccessFieldsProps {
  /** The user being edited; absent for a new one. */
  user: AdminUser | undefined;
  /** Company uuid → name, for the group headings. */
  companyNames: ReadonlyMap<string, string>;
}

/**
 * «Доступ»: farms, databases and DTM codes of the companies picked above (GET
 * admin/businesses/:uuid/ for each), reports and report groups. Taking a company off drops its
 * farms, databases, DTM codes and reports.
 */
export function UserAccessFields({ user, companyNames }: UserAccessFieldsProps) {
  const form = Form.useFormInstance<UserFormValues>();
  const watched = Form.useWatch("company_uuids", form) as string[] | undefined;
  const companyUuids = watched ?? user?.companies.map((company) => company.uuid) ?? [];
  const companies = useCompaniesOf(companyUuids);
  const reports = useReportOptions();
  const groups = useIframeGroupOptions();
  const access = user?.access;

  // Which company each farm, database, DTM code and report belongs to: the loaded companies and
  // the user's picks.
  const owners = new Map<string, string>();
  for (const farm of access?.farms ?? []) owners.set(farm.uuid, farm.company_uuid);
  for (const database of access?.databases ?? []) owners.set(database.uuid, database.company_uuid);
  for (const entry of access?.dtm ?? []) owners.set(entry.uuid, entry.company_uuid);
  for (const result of companies) {
    for (const farm of result.data?.farms ?? []) owners.set(farm.uuid, result.data?.uuid ?? "");
    for (const database of result.data?.databases ?? []) owners.set(database.uuid, result.data?.uuid ?? "");
    for (const entry of result.data?.dtm ?? []) owners.set(entry.uuid, result.data?.uuid ?? "");
  }
  for (const report of reports.data ?? []) if (report.company) owners.set(report.uuid, report.company.uuid);

  const ownersRef = useRef(owners);
  ownersRef.current = owners;
  const previous = useRef<string[] | undefined>(undefined);
  useEffect(() => {
    if (watched === undefined) return;
    const before = previous.current;
    previous.current = watched;
    const removed = new Set((before ?? []).filter((uuid) => !watched.includes(uuid)));
    if (removed.size === 0) return;
    const changed = picksWithout(form.getFieldsValue(true) as UserFormValues, ownersRef.current, removed);
    if (Object.keys(changed).length > 0) form.setFieldsValue(changed);
  }, [watched, form]);

  const groupsBy = <P extends { uuid: string; company_uuid: string }>(
    mine: P[],
    loaded: (index: number) => Option<string>[] | undefined,
    label: (pick: P) => string,
  ) =>
    companyUuids
      .map((uuid, index) => {
        const own = mine
          .filter((pick) => pick.company_uuid === uuid)
          .map((pick) => ({ value: pick.uuid, label: label(pick) }));
        const name = companyNames.get(uuid) ?? companies[index]?.data?.name ?? "Компания";
        return { label: name, title: name, options: unique([...(loaded(index) ?? []), ...own]) };
      })
      .filter((group) => group.options.length > 0);

  const farmOptions = groupsBy(
    access?.farms ?? [],
    (index) => companies[index]?.data?.farms.map((farm) => ({ value: farm.uuid, label: farm.name })),
    (farm) => farm.name,
  );
  const databaseOptions = groupsBy(
    access?.databases ?? [],
    (index) =>
      companies[index]?.data?.databases.map((database) => ({
        value: database.uuid,
        label: withState(database.name, database.active, "отключена"),
      })),
    (database) => withState(database.name, database.active, "отключена"),
  );
  const dtmOptions = groupsBy(
    access?.dtm ?? [],
    (index) => companies[index]?.data?.dtm.map((entry) => ({ value: entry.uuid, label: entry.company_code })),
    (entry) => entry.company_code,
  );
  const companiesLoading = companies.some((result) => result.isFetching);

  // A company's report only for its members: reports of no company or of a picked one.
  const reportOptions = unique([
    ...(reports.data ?? [])
      .filter((report) => report.company === null || companyUuids.includes(report.company.uuid))
      .map((report) => ({
        value: report.uuid,
        label: `${withState(report.title, report.active, "отключён")}${report.company ? ` — ${report.company.name}` : ""}`,
      })),
    ...(access?.reports ?? []).map((report) => ({
      value: report.uuid,
      label: withState(report.title, report.active, "отключён"),
    })),
  ]);
  const groupOptions = unique([
    ...(groups.data ?? []).map((group) => ({
      value: group.pk,
      label: withState(group.title, group.active, "отключена"),
    })),
    ...(access?.iframe_groups ?? []).map((group) => ({
      value: group.pk,
      label: withState(group.title, group.active, "отключена"),
    })),
  ]);

  const noCompanies = companyUuids.length === 0;
  return (
    <>
      <Divider titlePlacement="start">Доступ</Divider>
      <Form.Item
        label="Фермы"
        name="farm_uuids"
        extra="Если фермы не выбраны, пользователь видит все фермы своих компаний."
      >
        <Select
          mode="multiple"
          options={farmOptions}
          showSearch={{ optionFilterProp: "label" }}
          loading={companiesLoading}
          disabled={noCompanies}
          placeholder={noCompanies ? "Сначала выберите компании" : "Все фермы компаний"}
          notFoundContent={companiesLoading ? "Загрузка…" : "У компаний нет ферм"}
          aria-label="Фермы"
        />
      </Form.Item>
      <Form.Item label="Базы данных" name="database_uuids" extra="Пользователь видит только выбранные включённые базы.">
        <Select
          mode="multiple"
          options={databaseOptions}
          showSearch={{ optionFilterProp: "label" }}
          loading={companiesLoading}
          disabled={noCompanies}
          placeholder={noCompanies ? "Сначала выберите компании" : "Не выбраны"}
          notFoundContent={companiesLoading ? "Загрузка…" : "У компаний нет баз данных"}
          aria-label="Базы данных"
        />
      </Form.Item>
      <Form.Item label="DTM" name="dtm_uuids" extra="Коды компаний, под которыми пользователь видит передачи данных.">
        <Select
          mode="multiple"
          options={dtmOptions}
          showSearch={{ optionFilterProp: "label" }}
          loading={companiesLoading}
          disabled={noCompanies}
          placeholder={noCompanies ? "Сначала выберите компании" : "Не выбраны"}
          notFoundContent={companiesLoading ? "Загрузка…" : "У компаний нет кодов DTM"}
          aria-label="DTM"
        />
      </Form.Item>
      <Form.Item label="Отчёты" name="report_uuids">
        <Select
          mode="multiple"
          options={reportOptions}
          showSearch={{ optionFilterProp: "label" }}
          loading={reports.isFetching}
          placeholder="Не выбраны"
          notFoundContent={reports.isError ? "Отчёты не загрузились" : "Отчётов нет"}
          aria-label="Отчёты"
        />
      </Form.Item>
      <Form.Item label="Группы отчётов" name="iframe_group_ids">
        <Select
          mode="multiple"
          options={groupOptions}
          showSearch={{ optionFilterProp: "label" }}
          loading={groups.isFetching}
          placeholder="Не выбраны"
          notFoundContent={groups.isError ? "Группы не загрузились" : "Групп нет"}
          aria-label="Группы отчётов"
        />
      </Form.Item>
    </>
  );
}
