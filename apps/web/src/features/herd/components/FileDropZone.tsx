import { InboxOutlined } from "@ant-design/icons";
import { Typography, theme } from "antd";
import { type DragEvent, useId, useState } from "react";
import { HiddenFileInput } from "../../../shared/ui/HiddenFileInput.tsx";

interface FileDropZoneProps {
  disabled: boolean;
  onFile: (file: File) => void;
  /** The file input's accept list; a DC305 export's by default. */
  accept?: string;
  /** The file input's accessible name. */
  label?: string;
  /** What files it takes, under the invitation. */
  hint?: string;
}

/** A dashed area to drop a file on or click to choose one (the app's one file input behind it). */
export function FileDropZone({
  disabled,
  onFile,
  accept = ".csv,.txt,.CSV,.TXT",
  label = "Файл DairyComp 305",
  hint = "CSV или TXT, выгруженный из DairyComp 305",
}: FileDropZoneProps) {
  const { token } = theme.useToken();
  const [over, setOver] = useState(false);
  const inputId = useId();

  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      style={{
        display: "block",
        padding: token.paddingLG,
        textAlign: "center",
        border: `1px dashed ${over ? token.colorPrimary : token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorFillAlter,
        cursor: disabled ? "not-allowed" : "pointer",
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <HiddenFileInput
        id={inputId}
        accept={accept}
        disabled={disabled}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      <InboxOutlined style={{ fontSize: 40, color: token.colorPrimary }} />
      <Typography.Paragraph style={{ margin: `${token.marginXS}px 0 0` }}>
        Перетащите файл сюда или нажмите, чтобы выбрать
      </Typography.Paragraph>
      <Typography.Text type="secondary">{hint}</Typography.Text>
    </label>
  );
}
