import { BOARD_CAPACITY_MAX } from "@nadoy/contract/boards";
import { Form, Input, InputNumber, Modal, Select, Typography } from "antd";
import { useState } from "react";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";

export interface NameValues {
  name: string;
  capacity?: number;
  company?: string;
}

interface NameDialogProps {
  title: string;
  okText: string;
  maxLength: number;
  initial?: NameValues;
  /** Shows the group capacity field (boards). */
  withCapacity?: boolean;
  /** Shows a company choice (a new workspace of a user of several companies). */
  companies?: readonly { uuid: string; name: string }[];
  onSubmit: (values: NameValues) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A dialog that asks for a name (workspace, board, column), and for a board its capacity. Enter in
 * a field submits: the modal's button is outside the form, so the browser would not do it itself.
 */
export function NameDialog(props: NameDialogProps) {
  const [form] = Form.useForm<NameValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = (values: NameValues) => {
    setBusy(true);
    setError(null);
    props.onSubmit({ ...values, name: values.name.trim() }).then(
      () => {
        setBusy(false);
        props.onClose();
      },
      (failure: unknown) => {
        setBusy(false);
        setError(failure);
      },
    );
  };
  const companies = props.companies ?? [];
  return (
    <Modal
      open
      title={props.title}
      okText={props.okText}
      cancelText="Отмена"
      onOk={() => form.submit()}
      onCancel={props.onClose}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ company: companies[0]?.uuid, ...props.initial }}
        onFinish={submit}
      >
        {companies.length > 1 ? (
          <Form.Item name="company" label="Компания" rules={[{ required: true, message: "Выберите компанию" }]}>
            <Select options={companies.map((c) => ({ value: c.uuid, label: c.name }))} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="name"
          label="Название"
          rules={[{ required: true, whitespace: true, message: "Введите название" }, { max: props.maxLength }]}
        >
          <Input autoFocus maxLength={props.maxLength} onPressEnter={() => form.submit()} />
        </Form.Item>
        {props.withCapacity ? (
          <Form.Item
            name="capacity"
            label="Вместимость колонки (задач)"
            rules={[{ type: "number", min: 1, max: BOARD_CAPACITY_MAX }]}
          >
            <InputNumber
              min={1}
              max={BOARD_CAPACITY_MAX}
              precision={0}
              style={{ width: "100%" }}
              onPressEnter={() => form.submit()}
            />
          </Form.Item>
        ) : null}
        {error && !isUnauthorized(error) ? (
          <Typography.Text type="danger">{errorMessage(error)}</Typography.Text>
        ) : null}
      </Form>
    </Modal>
  );
}
