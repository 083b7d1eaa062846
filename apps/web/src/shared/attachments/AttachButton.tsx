import { PaperClipOutlined } from "@ant-design/icons";
import { ATTACHMENT_ACCEPT } from "@nadoy/contract/attachments";
import { Button, type ButtonProps } from "antd";
import { useRef } from "react";

interface AttachButtonProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** The button's look; an icon-only text button by default (the composer's). */
  type?: ButtonProps["type"];
  /** A caption beside the paperclip (the task's «Прикрепить файл»). */
  children?: string;
}

/** The paperclip: opens the file picker (several files, the allowed types only). */
export function AttachButton({ onFiles, disabled, type = "text", children }: AttachButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        type={type}
        icon={<PaperClipOutlined />}
        aria-label="Прикрепить файл"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file may be picked again after it was removed.
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
