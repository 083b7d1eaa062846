import { BUSINESS_PAGE_SIZE } from "@nadoy/contract/business";
import { Flex, Typography } from "antd";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { useBusinessUsers } from "../api.ts";
import { BusinessGate } from "../components/BusinessGate.tsx";
import { BusinessUsersFilters } from "../components/BusinessUsersFilters.tsx";
import { BusinessUsersTable } from "../components/BusinessUsersTable.tsx";
import { LoadFailed } from "../components/LoadFailed.tsx";
import { type BusinessUsersFilter, businessUsersFilterOf, businessUsersParamsOf } from "../lib/list-url.ts";

function BusinessUsers() {
  const [params, setParams] = useSearchParams();
  const filter = businessUsersFilterOf(params);
  const users = useBusinessUsers({
    q: filter.q,
    company_uuid: filter.company,
    clients_only: filter.clientsOnly ? "true" : "false",
    page: filter.page,
  });
  const setFilter = useCallback(
    (next: BusinessUsersFilter) => setParams(businessUsersParamsOf(next), { replace: true }),
    [setParams],
  );
  const items = users.data?.items;
  const knownCompanies = useMemo(
    () => new Map((items ?? []).flatMap((user) => user.companies.map((c) => [c.uuid, c.name] as const))),
    [items],
  );

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ margin: 0 }}>
        Бизнес-пользователи
      </Typography.Title>
      <Typography.Text type="secondary">
        Клиенты и другие пользователи компаний: их фермы, базы данных и отчёты. Доступ меняется в карточке пользователя.
      </Typography.Text>
      <BusinessUsersFilters filter={filter} knownCompanies={knownCompanies} onChange={setFilter} />
      {users.isError ? (
        <LoadFailed what="Список пользователей не загрузился." onRetry={() => void users.refetch()} />
      ) : (
        <BusinessUsersTable
          items={items ?? []}
          loading={users.isFetching}
          page={filter.page}
          pageSize={users.data?.page_size ?? BUSINESS_PAGE_SIZE}
          total={users.data?.total ?? 0}
          onPage={(page) => setParams(businessUsersParamsOf({ ...filter, page }))}
        />
      )}
    </Flex>
  );
}

/** /admin/business_users — business users with their companies, farms, databases and reports (admins). */
export function BusinessUsersAdminPage() {
  return <BusinessGate>{() => <BusinessUsers />}</BusinessGate>;
}
