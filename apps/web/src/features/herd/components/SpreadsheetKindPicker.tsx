import {
  HERD_SPREADSHEET_KIND_LABELS,
  HERD_SPREADSHEET_KINDS,
  type HerdSpreadsheetKind,
} from "@nadoy/contract/herd-spreadsheet";
import { Flex, Radio, Typography } from "antd";
import { TemplateDownloadButton } from "./TemplateDownloadButton.tsx";

interface SpreadsheetKindPickerProps {
  kind: HerdSpreadsheetKind | undefined;
  disabled: boolean;
  onChange: (kind: HerdSpreadsheetKind) => void;
}

/** What the table holds (its fields follow from it), and the chosen kind's template. */
export function SpreadsheetKindPicker({ kind, disabled, onChange }: SpreadsheetKindPickerProps) {
  return (
    <Flex vertical gap="small">
      <Typography.Text strong id="herd-kind-label">
        Что в таблице
      </Typography.Text>
      <Flex gap="small" wrap align="center">
        <Radio.Group
          aria-labelledby="herd-kind-label"
          optionType="button"
          buttonStyle="solid"
          disabled={disabled}
          value={kind}
          options={HERD_SPREADSHEET_KINDS.map((k) => ({ value: k, label: HERD_SPREADSHEET_KIND_LABELS[k] }))}
          onChange={(event) => onChange(event.target.value as HerdSpreadsheetKind)}
        />
        {kind ? <TemplateDownloadButton kind={kind} type="link" /> : null}
      </Flex>
    </Flex>
  );
}
