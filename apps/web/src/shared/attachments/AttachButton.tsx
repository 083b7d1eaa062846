import { PaperClipOutlined } from "@ant-design/icons";
import { ATTACHMENT_ACCEPT } from "@nadoy/contract/attachments";
import { Button, type ButtonProps, Tooltip } from "antd";
import { useRef, useState } from "react";
import { HiddenFileInput } from "../ui/HiddenFileInput.tsx";
import { QuotaDetails } from "./AttachmentQuota.tsx";
import { useAttachmentQuota } from "./use-attachment-quota.ts";

interface AttachButtonProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** The button's look; an icon-only text button by default (the composer's). */
  type?: ButtonProps["type"];
  /** A caption beside the paperclip (the task's «Прикрепить файл»). */
  children?: string;
}

/**
 * The paperclip: opens the file picker (several files, the allowed types only); its hint shows how
 * much of the caller's quotas is taken (asked from the server the first time the hint opens).
 */
export function AttachButton({ onFiles, disabled, type = "text", children }: AttachButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [hinted, setHinted] = useState(false);
  const quota = useAttachmentQuota(hinted);
  return (
    <>
      <Tooltip
        title={quota.data ? <QuotaDetails quota={quota.data} /> : "Прикрепить файл"}
        onOpenChange={(open) => {
          if (open) setHinted(true);
        }}
      >
        <Button
          type={type}
          icon={<PaperClipOutlined />}
          aria-label="Прикрепить файл"
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          {children}
        </Button>
      </Tooltip>
      <HiddenFileInput
        ref={input}
        multiple
        accept={ATTACHMENT_ACCEPT}
        aria-label="Файлы для прикрепления"
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
