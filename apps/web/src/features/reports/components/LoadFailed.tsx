import { Button, Flex, Typography } from "antd";

/** A list that did not load, with «Повторить». */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Flex gap="small" align="center">
      <Typography.Text type="secondary">{what}</Typography.Text>
      <Button size="small" onClick={onRetry}>
        Повторить
      </Button>
    </Flex>
  );
}
