import { DownloadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Empty, Flex, Select, Skeleton, Typography } from "antd";
import { lazy, Suspense, useMemo } from "react";
import { Link, Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { BreadcrumbName } from "../../../shared/ui/BreadcrumbName.tsx";
import { useDtmTransfers, useExportDtm } from "../api.ts";
import { TransfersFilters } from "../components/TransfersFilters.tsx";
import { TransfersTable } from "../components/TransfersTable.tsx";
import { type DtmFilter, filterOfParams, filterQuery, isFiltered, paramsOfFilter, queryOf } from "../lib/dtm-filter.ts";

const TransfersChart = lazy(() =>
  import("../components/TransfersChart.tsx").then((m) => ({ default: m.TransfersChart })),
);

/**
 * /services/dtm_module/:uuid? — a DTM entry (a company code: one data-transfer agent on the farm)
 * and every transfer made with the keys bound to it (contract dtm.ts): filters, a chart per day
 * by result, the list with the first errors, XLSX of what is filtered. Without a uuid: the first
 * entry of users/data.
 */
export function DtmModulePage() {
  const { uuid } = useParams();
  const user = useUserData();
  const entries = user.data?.dtm ?? [];
  const navigate = useNavigate();
  const { message } = App.useApp();
  // The filters and the page live in the URL: a link or a reload shows the same list.
  const [params, setParams] = useSearchParams();
  const { filter, page } = useMemo(() => filterOfParams(params), [params]);
  const setPage = (next: number) => setParams(paramsOfFilter(filter, next));
  const transfers = useDtmTransfers(uuid, queryOf(filter, page));
  const data = transfers.data;
  const exportXlsx = useExportDtm(uuid ?? "", data?.entry.company_code ?? "");

  const first = entries[0];
  if (!uuid && first) return <Navigate to={href.dtmModule({ uuid: first.uuid })} replace />;

  // A new filter starts on page 1.
  const change = (next: DtmFilter) => setParams(paramsOfFilter(next));

  return (
    <Flex vertical gap="middle">
      {data ? <BreadcrumbName name={data.entry.company_code} /> : null}
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Передачи данных (DTM){data ? `: ${data.entry.company_code}` : ""}
        </Typography.Title>
        <Flex gap="small" wrap>
          {entries.length > 1 ? (
            <Select
              aria-label="Код DTM"
              value={uuid}
              style={{ minWidth: 200 }}
              options={entries.map((e) => ({ value: e.uuid, label: e.company_code }))}
              // Another entry has other keys: its list keeps the period, kind and result, drops the key.
              onChange={(value: string) =>
                navigate({
                  pathname: href.dtmModule({ uuid: value }),
                  search: new URLSearchParams(paramsOfFilter({ ...filter, key: undefined })).toString(),
                })
              }
            />
          ) : null}
          {data && data.total > 0 ? (
            <Button
              icon={<DownloadOutlined />}
              loading={exportXlsx.isPending}
              onClick={() =>
                exportXlsx.mutate(filterQuery(filter), { onError: (error) => message.error(errorMessage(error)) })
              }
            >
              Скачать XLSX
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Код DTM — это программа или устройство на ферме, которое передаёт данные на портал по ключу. Здесь видно каждую
        передачу ключей, привязанных к коду: когда и откуда она пришла, сколько строк принято и почему отклонены
        остальные.
      </Typography.Paragraph>
      {!uuid && user.isSuccess ? (
        <Empty description="Вам не открыт ни один код DTM. Коды компании заводит администратор портала, он же открывает к ним доступ в карточке пользователя." />
      ) : null}
      {data ? <TransfersFilters filter={filter} keys={data.keys} onChange={change} /> : null}
      {transfers.isPending && uuid ? <Skeleton active /> : null}
      {transfers.isError ? <Alert type="error" showIcon title={errorMessage(transfers.error)} /> : null}
      {data && data.keys.length === 0 ? (
        <Empty
          description={
            <>
              К этому коду не привязан ни один ключ.{" "}
              <Link to={href.keyGenerator()}>Создайте ключ в генераторе ключей</Link> и привяжите его к коду{" "}
              {data.entry.company_code} — передачи программы с этим ключом появятся здесь.
            </>
          }
        />
      ) : null}
      {data && data.keys.length > 0 && data.total === 0 ? (
        <Empty
          description={
            isFiltered(filter)
              ? "Нет передач, подходящих под выбранные фильтры. Сбросьте вид, результат или ключ."
              : "За выбранный период передач не было. Проверьте, что программа на ферме запущена и использует ключ, или выберите другой период."
          }
        />
      ) : null}
      {data && data.total > 0 ? (
        <>
          <Suspense fallback={<Skeleton active />}>
            <TransfersChart perDay={data.per_day} />
          </Suspense>
          <TransfersTable
            items={data.items}
            total={data.total}
            page={data.page}
            pageSize={data.page_size}
            loading={transfers.isFetching}
            onPage={setPage}
          />
        </>
      ) : null}
    </Flex>
  );
}
