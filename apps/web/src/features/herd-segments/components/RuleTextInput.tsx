import { Flex, Input, Typography } from "antd";
import type { RuleTextProblem } from "../lib/rule-text.ts";

interface RuleTextInputProps {
  text: string;
  problem: RuleTextProblem | null;
  onChange: (text: string) => void;
}

/** The rule as DC305-style text; a mistake is named and marked where it is in the text. */
export function RuleTextInput({ text, problem, onChange }: RuleTextInputProps) {
  return (
    <Flex vertical gap={4}>
      <Input
        value={text}
        status={problem ? "error" : undefined}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Например: LACT=1 DIM<100"
        aria-label="Правило текстом"
        aria-invalid={problem ? true : undefined}
        spellCheck={false}
        style={{ fontFamily: "monospace" }}
      />
      {problem ? <ProblemAt text={text} problem={problem} /> : null}
    </Flex>
  );
}

function ProblemAt({ text, problem }: { text: string; problem: RuleTextProblem }) {
  const before = text.slice(0, problem.position);
  // At the end of the text the mistake is what is missing: a marked space shows where.
  const at = text.charAt(problem.position) || " ";
  const after = text.slice(problem.position + 1);
  return (
    <div role="alert">
      <Typography.Text type="danger">{problem.message}</Typography.Text>
      <div>
        <Typography.Text code data-testid="rule-text-problem">
          {before}
          <mark title={`Позиция ${problem.position + 1}`}>{at}</mark>
          {after}
        </Typography.Text>
      </div>
    </div>
  );
}
