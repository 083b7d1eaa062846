import { HERD_SPREADSHEET_KINDS } from "@nadoy/contract/herd-spreadsheet";
import { Flex, Typography } from "antd";
import { MySpreadsheetUploads } from "../components/MySpreadsheetUploads.tsx";
import { SpreadsheetFieldsTable } from "../components/SpreadsheetFieldsTable.tsx";
import { UploadTargets } from "../components/UploadTargets.tsx";

/**
 * /user-pages/excelinfo — where to upload a table, the caller's table uploads and how each kind
 * of table should look (its columns and an XLSX template whose second sheet explains them).
 */
export function ExcelInfoPage() {
  return (
    <Flex vertical gap="large">
      <Typography.Title level={2} style={{ margin: 0 }}>
        Загрузки Excel
      </Typography.Title>
      <section aria-label="Куда загрузить">
        <Typography.Title level={4}>Куда загрузить</Typography.Title>
        <UploadTargets />
      </section>
      <section aria-label="Мои загрузки">
        <Typography.Title level={4}>Мои загрузки</Typography.Title>
        <MySpreadsheetUploads />
      </section>
      <section aria-label="Шаблоны и столбцы">
        <Typography.Title level={4}>Шаблоны и столбцы</Typography.Title>
        <Typography.Paragraph type="secondary">
          Первая строка таблицы — названия столбцов; порядок столбцов любой, лишние сохраняются как атрибуты животного.
          Животное узнаётся по бирке, а без неё — по номеру вместе с датой рождения.
        </Typography.Paragraph>
        <Flex vertical gap="middle">
          {HERD_SPREADSHEET_KINDS.map((kind) => (
            <SpreadsheetFieldsTable key={kind} kind={kind} />
          ))}
        </Flex>
      </section>
    </Flex>
  );
}
