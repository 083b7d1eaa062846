import { ClockCircleOutlined } from "@ant-design/icons";
import { Result } from "antd";

/** A report whose server part is not built yet: said plainly, not the generic placeholder. */
export function ReportNotReady({ title }: { title: string }) {
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title="Отчёт готовится"
      subTitle={`Отчёт «${title}» появится здесь в одном из ближайших обновлений портала.`}
    />
  );
}
