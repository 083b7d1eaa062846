import { Typography } from "antd";

/** What to export from DairyComp 305 before coming here (the page's empty state). */
export function UploadHelp() {
  return (
    <Typography>
      <Typography.Paragraph>
        Выгрузите данные из DairyComp 305 в файл CSV или TXT и загрузите его сюда:
      </Typography.Paragraph>
      <ul>
        <li>
          <b>События</b> — команда <Typography.Text code>EVENTS</Typography.Text> за нужный период (событие, ДИМ, дата,
          примечание, протокол, техник).
        </li>
        <li>
          <b>Показатели животных</b> — команда <Typography.Text code>LIST</Typography.Text> или{" "}
          <Typography.Text code>SHOW</Typography.Text> с нужными показателями, например{" "}
          <Typography.Text code>LIST ID BDAT LACT PEN DIM FDAT CBRD SID DID</Typography.Text>. Номер (ID) и дата
          рождения (BDAT) или ушная бирка нужны, чтобы отличить животное с повторно выданным номером.
        </li>
      </ul>
      <Typography.Paragraph type="secondary">
        Файл сначала проверяется: вы увидите, что в нём найдено, и только потом запишете его в базу. Графики (EGRAPH) и
        отчёты-картинки не принимаются.
      </Typography.Paragraph>
    </Typography>
  );
}
