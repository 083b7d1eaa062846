import { Alert, Flex, Spin, Typography } from "antd";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { useHerdDatasets } from "../api.ts";

/** The herd databases the caller may upload a table to, each a link to its upload page. */
export function UploadTargets() {
  const datasets = useHerdDatasets();
  if (datasets.isPending) return <Spin description="Загрузка…" />;
  if (datasets.isError) return <Alert type="error" showIcon title={errorMessage(datasets.error)} />;
  const targets = datasets.data.filter((d) => d.can_upload);
  if (datasets.data.length === 0) {
    return (
      <Typography.Text type="secondary">
        Вам не выдана ни одна база стада. Попросите администратора выдать базу, в которую загружать данные.
      </Typography.Text>
    );
  }
  if (targets.length === 0) {
    return (
      <Typography.Text type="secondary">
        Вам открыт только просмотр данных стада: загружать таблицы могут зоотехники и администраторы.
      </Typography.Text>
    );
  }
  return (
    <Flex gap="small" wrap>
      {targets.map((d) => (
        <RouterButtonLink key={d.uuid} to={href.bsUpload({ uuid: d.uuid })}>
          {`Загрузить таблицу: ${d.name}`}
        </RouterButtonLink>
      ))}
    </Flex>
  );
}
