import type { FarmWithCompany } from "@nadoy/contract/business";
import { Card, Flex, Typography } from "antd";
import { useParams, useSearchParams } from "react-router";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { useBusiness, useFarm } from "../api.ts";
import { BusinessGate } from "../components/BusinessGate.tsx";
import { FarmForm } from "../components/FarmForm.tsx";
import { NotFound, PageLoadFailed } from "../components/LoadFailed.tsx";
import { isUuid } from "../lib/list-url.ts";

/** The company (for its members), then the form. */
function FarmOfCompany({ companyUuid, farm }: { companyUuid: string; farm?: FarmWithCompany }) {
  const company = useBusiness(companyUuid);
  if (company.isPending) return <PageSpinner text="Загрузка…" />;
  if (company.isError) {
    return (
      <PageLoadFailed
        error={company.error}
        notFound="Компания не найдена"
        what="Компания не загрузилась."
        onRetry={() => void company.refetch()}
      />
    );
  }
  return (
    <Card title={farm ? `Ферма «${farm.name}»` : "Новая ферма"} style={{ maxWidth: 720 }}>
      <Flex vertical gap="middle">
        <Typography.Text>
          Компания: <RouterLink to={href.editBusiness({ id: company.data.uuid })}>{company.data.name}</RouterLink>
        </Typography.Text>
        <FarmForm company={company.data} farm={farm} />
      </Flex>
    </Card>
  );
}

function EditFarm({ uuid }: { uuid: string }) {
  const farm = useFarm(uuid);
  if (farm.isPending) return <PageSpinner text="Загрузка…" />;
  if (farm.isError) {
    return (
      <PageLoadFailed
        error={farm.error}
        notFound="Ферма не найдена"
        what="Ферма не загрузилась."
        onRetry={() => void farm.refetch()}
      />
    );
  }
  return <FarmOfCompany key={farm.data.uuid} companyUuid={farm.data.company.uuid} farm={farm.data} />;
}

function FarmRoute() {
  const { uuid } = useParams();
  const [params] = useSearchParams();
  if (uuid !== undefined)
    return isUuid(uuid) ? <EditFarm key={uuid} uuid={uuid} /> : <NotFound title="Ферма не найдена" />;
  const company = params.get("company");
  if (!isUuid(company)) return <NotFound title="Не выбрана компания новой фермы" />;
  return <FarmOfCompany key={company} companyUuid={company} />;
}

/** /business-user/farm/:uuid? — a farm to edit, or a new one of ?company=<uuid>. */
export function BusinessUserFarmPage() {
  return <BusinessGate>{() => <FarmRoute />}</BusinessGate>;
}
