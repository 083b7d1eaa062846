import { Empty } from "antd";
import type { ReactNode } from "react";

/** An empty state that says what to do. */
export function MonitoringEmpty({ title, hint }: { title: string; hint: ReactNode }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <strong>{title}</strong>
          <br />
          {hint}
        </>
      }
    />
  );
}

/** What a database without such series needs: the series in «Схема площадки», a device key and readings sent with it. */
export const NO_READINGS_HINT =
  "Добавьте ряды в «Схеме площадки» (кнопка вверху страницы), создайте ключ устройства в разделе «Генератор ключей» и настройте отправку показаний — данные появятся здесь.";
