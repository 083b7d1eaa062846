import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { CONTENT_IMAGE_ACCEPT, contentImagePath } from "@nadoy/contract/content";
import { Button, Flex, Typography } from "antd";
import { useRef, useState } from "react";
import { errorMessage } from "../lib/api-error.ts";
import { uploadContentImageFile } from "../lib/content-images.ts";
import { HiddenFileInput } from "./HiddenFileInput.tsx";

export interface ContentImageFieldText {
  /** The preview's alt text. */
  alt: string;
  upload: string;
  replace: string;
  remove: string;
  /** The hidden file input's label. */
  file: string;
}

interface ContentImageFieldProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  text: ContentImageFieldText;
  preview: { width: number; maxHeight: number };
}

/**
 * A picture as a form field (value: the uploaded content image's uuid or null): a preview, an
 * upload button (checked against the contract's limits before uploading) and a remove button.
 */
export function ContentImageField({ id, value = null, onChange, text, preview }: ContentImageFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = (file: File) => {
    setProblem(null);
    setUploading(true);
    uploadContentImageFile(file).then(
      (image) => {
        setUploading(false);
        onChange?.(image.uuid);
      },
      (error: unknown) => {
        setUploading(false);
        setProblem(error instanceof Error ? error.message : errorMessage(error));
      },
    );
  };

  return (
    <Flex vertical gap="small" align="start">
      {value ? (
        <img
          src={contentImagePath(value)}
          alt={text.alt}
          style={{ maxWidth: "100%", ...preview, objectFit: "cover", borderRadius: 8 }}
        />
      ) : null}
      <Flex gap="small" wrap>
        <Button id={id} icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
          {value ? text.replace : text.upload}
        </Button>
        {value ? (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {text.remove}
          </Button>
        ) : null}
      </Flex>
      <HiddenFileInput
        ref={input}
        accept={CONTENT_IMAGE_ACCEPT}
        aria-label={text.file}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) upload(file);
        }}
      />
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
