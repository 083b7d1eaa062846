import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { CONTENT_IMAGE_ACCEPT, contentImagePath } from "@nadoy/contract/content";
import { Button, Flex, Typography } from "antd";
import { useRef, useState } from "react";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { uploadNewsImage } from "../api.ts";

/**
 * The cover image of a news item as a form field (value: the uploaded image's uuid or null):
 * a preview, «Загрузить обложку» (checked against the contract's limits before uploading) and
 * «Убрать обложку».
 */
export function CoverField({
  id,
  value = null,
  onChange,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = (file: File) => {
    setProblem(null);
    setUploading(true);
    uploadNewsImage(file).then(
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
          alt="Обложка"
          style={{ maxWidth: "100%", width: 360, maxHeight: 200, objectFit: "cover", borderRadius: 8 }}
        />
      ) : null}
      <Flex gap="small" wrap>
        <Button id={id} icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
          {value ? "Заменить обложку" : "Загрузить обложку"}
        </Button>
        {value ? (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            Убрать обложку
          </Button>
        ) : null}
      </Flex>
      <input
        ref={input}
        type="file"
        hidden
        accept={CONTENT_IMAGE_ACCEPT}
        aria-label="Файл обложки"
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
