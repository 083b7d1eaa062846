import { DownloadOutlined, DownOutlined } from "@ant-design/icons";
import { CSV_DIALECT_TEXT, CSV_DIALECTS, type CsvDialect } from "@nadoy/contract/lists";
import { Button, Dropdown, Space } from "antd";
import { useState } from "react";
import { readCsvDialect, saveCsvDialect } from "../../../shared/lib/browser-storage.ts";

const MENU_ITEMS = CSV_DIALECTS.map((dialect) => ({ key: dialect, label: CSV_DIALECT_TEXT[dialect] }));

/**
 * «Скачать CSV для Excel (;)» with a menu of the other kind. A kind picked from the menu is
 * downloaded at once and remembered on this browser: the next export (and the button) uses it.
 */
export function CsvExportButton({ loading, onExport }: { loading: boolean; onExport: (dialect: CsvDialect) => void }) {
  const [dialect, setDialect] = useState<CsvDialect>(() => readCsvDialect() ?? "excel");
  const pick = (next: CsvDialect) => {
    setDialect(next);
    saveCsvDialect(next);
    onExport(next);
  };
  return (
    <Space.Compact>
      <Button icon={<DownloadOutlined />} loading={loading} onClick={() => onExport(dialect)}>
        {`Скачать ${CSV_DIALECT_TEXT[dialect]}`}
      </Button>
      <Dropdown
        trigger={["click"]}
        menu={{
          items: MENU_ITEMS,
          selectable: true,
          selectedKeys: [dialect],
          onClick: ({ key }) => pick(key as CsvDialect),
        }}
      >
        <Button icon={<DownOutlined />} aria-label="Выбрать вид CSV" disabled={loading} />
      </Dropdown>
    </Space.Compact>
  );
}
