import { DeleteOutlined } from "@ant-design/icons";
import type { Business } from "@nadoy/contract/business";
import { Button, Flex, Popconfirm, Tabs } from "antd";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useApiErrorToast } from "../../../shared/hooks/use-api-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { href } from "../../../shared/routes/href.ts";
import { BreadcrumbName } from "../../../shared/ui/BreadcrumbName.tsx";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useBusiness, useDeleteBusiness } from "../api.ts";
import { BusinessGate } from "../components/BusinessGate.tsx";
import { CompanyNameEditor } from "../components/CompanyNameEditor.tsx";
import { DatabasesTab } from "../components/DatabasesTab.tsx";
import { DtmTab } from "../components/DtmTab.tsx";
import { FarmsTab } from "../components/FarmsTab.tsx";
import { NotFound, PageLoadFailed } from "../components/LoadFailed.tsx";
import { MembersTab } from "../components/MembersTab.tsx";
import { isUuid } from "../lib/list-url.ts";

const TABS = ["farms", "users", "databases", "dtm"] as const;
type Tab = (typeof TABS)[number];

const tabOf = (value: string | null): Tab => TABS.find((tab) => tab === value) ?? "farms";

function DeleteCompany({ business }: { business: Business }) {
  const remove = useDeleteBusiness();
  const navigate = useNavigate();
  const done = useSuccessToast();
  const failed = useApiErrorToast();
  return (
    <Popconfirm
      title={`Удалить компанию «${business.name}»?`}
      description="Её фермы, коды DTM и список пользователей удалятся вместе с ней."
      okText="Удалить"
      okButtonProps={{ danger: true }}
      cancelText="Отмена"
      onConfirm={() =>
        remove.mutateAsync(business.uuid).then(() => {
          done("Компания удалена");
          void navigate(href.businessPages());
        }, failed)
      }
    >
      <Button danger icon={<DeleteOutlined />}>
        Удалить компанию
      </Button>
    </Popconfirm>
  );
}

function EditBusiness({ uuid }: { uuid: string }) {
  const business = useBusiness(uuid);
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get("tab"));

  if (business.isPending) return <PageSpinner text="Загрузка…" />;
  if (business.isError) {
    return (
      <PageLoadFailed
        error={business.error}
        notFound="Компания не найдена"
        what="Компания не загрузилась."
        onRetry={() => void business.refetch()}
      />
    );
  }
  const company = business.data;

  return (
    <Flex vertical gap="middle">
      <BreadcrumbName name={company.name} section={{ title: "Компании и фермы", href: href.businessPages() }} />
      <RouterLink to={href.businessPages()}>← Все компании</RouterLink>
      <Flex justify="space-between" align="center" wrap gap="small">
        <CompanyNameEditor key={company.name} business={company} />
        <DeleteCompany business={company} />
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(next) => setParams(next === "farms" ? {} : { tab: next }, { replace: true })}
        items={[
          { key: "farms", label: `Фермы (${company.farms.length})`, children: <FarmsTab business={company} /> },
          {
            key: "users",
            label: `Пользователи (${company.users.length})`,
            children: <MembersTab business={company} />,
          },
          {
            key: "databases",
            label: `Базы данных (${company.databases.length})`,
            children: <DatabasesTab business={company} />,
          },
          { key: "dtm", label: "Коды компании (DTM)", children: <DtmTab business={company} /> },
        ]}
      />
    </Flex>
  );
}

function EditBusinessRoute() {
  const { id } = useParams();
  if (!isUuid(id)) return <NotFound title="Компания не найдена" />;
  return <EditBusiness key={id} uuid={id} />;
}

/** /edit-business/:id — a company (id = its uuid): name, farms, members, user databases, DTM codes. */
export function EditBusinessPage() {
  return <BusinessGate>{() => <EditBusinessRoute />}</BusinessGate>;
}
