import { Typography } from "antd";
import { auditChanges } from "../lib/audit-details.ts";

/** An entry's details: «key: было → стало» per changed key, or the raw facts as JSON. */
export function AuditDetails({ details }: { details: unknown }) {
  const changes = auditChanges(details);
  if (changes === null) {
    if (details === null || details === undefined) return <>—</>;
    return (
      <pre style={{ margin: 0, fontSize: 12, whiteSpace: "pre-wrap", wordBreak: "break-word", maxWidth: 420 }}>
        {JSON.stringify(details, null, 2)}
      </pre>
    );
  }
  if (changes.length === 0) return <Typography.Text type="secondary">без изменений</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
      {changes.map((change) => (
        <li key={change.key}>
          <Typography.Text code>{change.key}</Typography.Text>: {change.before} → {change.after}
        </li>
      ))}
    </ul>
  );
}
