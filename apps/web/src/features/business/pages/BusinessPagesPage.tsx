import { PlusOutlined } from "@ant-design/icons";
import { BUSINESS_PAGE_SIZE } from "@nadoy/contract/business";
import { Flex, Typography } from "antd";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { useBusinesses } from "../api.ts";
import { BusinessGate } from "../components/BusinessGate.tsx";
import { CompaniesTable } from "../components/CompaniesTable.tsx";
import { LoadFailed } from "../components/LoadFailed.tsx";
import { SearchInput } from "../components/SearchInput.tsx";
import { type CompaniesFilter, companiesFilterOf, companiesParamsOf } from "../lib/list-url.ts";

function Companies() {
  const [params, setParams] = useSearchParams();
  const filter = companiesFilterOf(params);
  const list = useBusinesses({ q: filter.q, page: filter.page });
  const setFilter = useCallback(
    (next: CompaniesFilter) => setParams(companiesParamsOf(next), { replace: true }),
    [setParams],
  );
  const onSearch = useCallback((q: string) => setFilter({ q, page: 1 }), [setFilter]);

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ margin: 0 }}>
          Компании
        </Typography.Title>
        <RouterButtonLink type="primary" icon={<PlusOutlined />} to={href.businessUserCompany()}>
          Добавить компанию
        </RouterButtonLink>
      </Flex>
      <SearchInput value={filter.q} onSearch={onSearch} placeholder="Компания или ферма" />
      {list.isError ? (
        <LoadFailed what="Список компаний не загрузился." onRetry={() => void list.refetch()} />
      ) : (
        <CompaniesTable
          items={list.data?.items ?? []}
          loading={list.isFetching}
          page={filter.page}
          pageSize={list.data?.page_size ?? BUSINESS_PAGE_SIZE}
          total={list.data?.total ?? 0}
          searching={filter.q !== ""}
          onPage={(page) => setParams(companiesParamsOf({ ...filter, page }))}
        />
      )}
    </Flex>
  );
}

/** /business-pages — companies (бизнесы) with their farms, users and databases (superusers and role 1). */
export function BusinessPagesPage() {
  return <BusinessGate>{() => <Companies />}</BusinessGate>;
}
