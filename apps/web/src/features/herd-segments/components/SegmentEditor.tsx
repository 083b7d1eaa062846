import { formatSegmentRule, type SegmentGroup } from "@nadoy/contract/herd-segment-rule";
import type { HerdSegment } from "@nadoy/contract/herd-segments";
import { Alert, App, Card, Flex, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { useDeleteSegment, useSaveSegment } from "../api.ts";
import { type RuleTextProblem, readRuleText } from "../lib/rule-text.ts";
import { LiveCount } from "./LiveCount.tsx";
import { RuleTextInput } from "./RuleTextInput.tsx";
import { RuleTree } from "./RuleTree.tsx";
import { SaveSegmentForm, type SegmentFields } from "./SaveSegmentForm.tsx";

interface SegmentEditorProps {
  dbUuid: string;
  /** The saved segment opened for editing, or null for a new one. */
  segment: HerdSegment | null;
  /** Viewers and clients only read: a note instead of saving. */
  canSave: boolean;
}

/**
 * The rule as text and as a tree, each updating the other at once (the contract's parser runs in
 * the browser); a text that does not parse shows where, and the tree keeps the last good rule.
 */
export function SegmentEditor({ dbUuid, segment, canSave }: SegmentEditorProps) {
  const [rule, setRule] = useState<SegmentGroup>(() => segment?.rule ?? { join: "and", items: [] });
  const [text, setText] = useState(() => segment?.text ?? "");
  const [problem, setProblem] = useState<RuleTextProblem | null>(null);
  const save = useSaveSegment(dbUuid);
  const remove = useDeleteSegment(dbUuid);
  const navigate = useNavigate();
  const { message } = App.useApp();

  const typeText = (next: string) => {
    setText(next);
    const read = readRuleText(next);
    setProblem(read.problem);
    if (read.rule) setRule(read.rule);
  };
  const buildTree = (next: SegmentGroup) => {
    setRule(next);
    setText(formatSegmentRule(next));
    setProblem(null);
  };

  const store = (fields: SegmentFields, asNew: boolean) =>
    save.mutate(
      {
        segmentUuid: asNew ? null : (segment?.uuid ?? null),
        input: { ...fields, name: fields.name.trim(), text: formatSegmentRule(rule) },
      },
      {
        onSuccess: (saved) => {
          void message.success(`Сегмент «${saved.name}» сохранён`);
          navigate(href.customSegmentation({ uuid: dbUuid, segment: saved.uuid }));
        },
      },
    );

  return (
    <Flex vertical gap="middle">
      <Card size="small" title="Правило текстом (как в DairyComp 305)">
        <RuleTextInput text={text} problem={problem} onChange={typeText} />
      </Card>
      <RuleTree rule={rule} onChange={buildTree} />
      <LiveCount dbUuid={dbUuid} text={problem ? null : formatSegmentRule(rule)} />
      <Card size="small" title={segment ? `Сегмент «${segment.name}»` : "Сохранить сегмент"}>
        {canSave ? (
          <Flex vertical gap="small">
            <SaveSegmentForm
              segment={segment}
              ruleReady={problem === null}
              saving={save.isPending}
              onSave={(fields) => store(fields, false)}
              onSaveAsNew={(fields) => store(fields, true)}
              onDelete={() =>
                remove.mutate(segment?.uuid ?? "", {
                  onSuccess: () => navigate(href.customSegmentation({ uuid: dbUuid })),
                })
              }
            />
            {save.isError || remove.isError ? (
              <Alert type="error" showIcon title={errorMessage(save.error ?? remove.error)} />
            ) : null}
          </Flex>
        ) : (
          <Typography.Text type="secondary">
            Вы можете подбирать правила и смотреть животных; сохранять сегменты могут зоотехники и администраторы.
          </Typography.Text>
        )}
      </Card>
    </Flex>
  );
}
