import { Alert, Flex, Spin, Typography } from "antd";
import { Link } from "react-router";
import { animalsCount } from "../../../shared/herd/animals-count.ts";
import { useDebouncedValue } from "../../../shared/hooks/use-debounced-value.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { useSegmentCount } from "../api.ts";

/** How long editing must pause before the count is asked again. */
export const SEGMENT_COUNT_DEBOUNCE_MS = 300;

interface LiveCountProps {
  dbUuid: string | undefined;
  /** The rule's canonical text; null while the typed text does not parse (the last count stays). */
  text: string | null;
}

/** «Подходит N животных» for the rule as edited, asked once editing pauses; a link lists them. */
export function LiveCount({ dbUuid, text }: LiveCountProps) {
  const settled = useDebouncedValue(text, SEGMENT_COUNT_DEBOUNCE_MS);
  const count = useSegmentCount(dbUuid, settled);
  if (!dbUuid) return null;
  if (count.isError) return <Alert type="error" showIcon title={errorMessage(count.error)} />;
  const answer = count.data;
  const list = answer
    ? `${href.herdAnimals({ uuid: dbUuid })}${answer.text ? `?${new URLSearchParams({ rule: answer.text })}` : ""}`
    : null;
  return (
    <Flex gap="small" align="center" wrap aria-live="polite">
      {answer ? (
        <Typography.Text strong data-testid="segment-live-count">
          Подходит {animalsCount(answer.count)}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">Считаем животных…</Typography.Text>
      )}
      {count.isFetching ? <Spin size="small" /> : null}
      {list ? <Link to={list}>Показать животных</Link> : null}
    </Flex>
  );
}
