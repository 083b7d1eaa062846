import { formatFileSize } from "@nadoy/contract/file-size";
import { Button, Card, Flex, Progress, Typography } from "antd";
import type { UploadedFile } from "../lib/use-herd-upload.ts";
import { ServerPhases } from "./ServerPhases.tsx";

interface SendingCardProps {
  file: UploadedFile;
  /** Share of the bytes sent (0–1); null while the file is written, not sent. */
  share: number | null;
  progressId: string;
  onCancel?: () => void;
}

/** A file on its way: the bytes sent, then the server's phases; «Отменить» while it can be stopped. */
export function SendingCard({ file, share, progressId, onCancel }: SendingCardProps) {
  const sent = share === null ? 100 : Math.round(share * 100);
  return (
    <Card size="small" title={`${file.name} (${formatFileSize(file.size)})`}>
      <Flex vertical gap="middle">
        {share !== null ? (
          <div>
            <Typography.Text>Отправлено: {sent} %</Typography.Text>
            <Progress percent={sent} aria-label="Отправлено байт" />
          </div>
        ) : null}
        {/* The server reads as the bytes come, so its phases show from the start. */}
        <ServerPhases progressId={progressId} />
        {onCancel ? (
          <div>
            <Button onClick={onCancel}>Отменить</Button>
          </div>
        ) : null}
      </Flex>
    </Card>
  );
}
