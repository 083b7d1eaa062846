import { InboxOutlined } from "@ant-design/icons";
import { Typography, theme } from "antd";
import { type DragEvent, useId, useState } from "react";
import { HiddenFileInput } from "../../../shared/ui/HiddenFileInput.tsx";

const ACCEPT = ".csv,.txt,.CSV,.TXT";

/** A dashed area to drop a file on or click to choose one (the app's one file input behind it). */
export function FileDropZone({ disabled, onFile }: { disabled: boolean; onFile: (file: File) => void }) {
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
        accept={ACCEPT}
        disabled={disabled}
        aria-label="Файл DairyComp 305"
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
      <Typography.Text type="secondary">CSV или TXT, выгруженный из DairyComp 305</Typography.Text>
    </label>
  );
}
