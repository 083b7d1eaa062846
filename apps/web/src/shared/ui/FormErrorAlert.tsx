import { Alert } from "antd";

/** A form-level error above the submit button; renders nothing without a message. */
export function FormErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} />;
}
