import { Typography } from "antd";
import { href } from "../../../shared/routes/href.ts";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";

/** How a table should look before it is sent (the upload page's empty state). */
export function SpreadsheetHelp() {
  return (
    <Typography>
      <Typography.Paragraph>
        Загрузите таблицу CSV или XLSX: первая строка — названия столбцов, дальше по строке на животное, событие или
        контрольную дойку. Столбцы сопоставляются с полями портала по названиям; до записи вы увидите сопоставление и
        сможете его поправить.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Чтобы не ошибиться, возьмите шаблон нужного вида. Какие столбцы обязательны и в каком формате — на странице{" "}
        <RouterLink to={href.excelInfo()}>Загрузки Excel</RouterLink>.
      </Typography.Paragraph>
    </Typography>
  );
}
