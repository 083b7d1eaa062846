import { Typography } from "antd";
import { auditChanges, auditFacts } from "../lib/audit-details.ts";

/** An entry's details: «Поле: было → стало» per changed field, or its facts «Поле: значение». */
export function AuditDetails({ details }: { details: unknown }) {
  const changes = auditChanges(details);
  if (changes === null) {
    const facts = auditFacts(details);
    if (facts.length === 0) return <>—</>;
    return (
      <ul style={{ margin: 0, paddingInlineStart: 16 }}>
        {facts.map((fact) => (
          <li key={fact.key}>
            {fact.label}: {fact.value}
          </li>
        ))}
      </ul>
    );
  }
  if (changes.length === 0) return <Typography.Text type="secondary">без изменений</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16, wordBreak: "break-word", maxWidth: 520 }}>
      {changes.map((change) => (
        <li key={change.key}>
          {change.label}: {change.before} → {change.after}
        </li>
      ))}
    </ul>
  );
}
