import { CONTENT_IMAGE_ACCEPT } from "@nadoy/contract/content";
import { INSTRUCTION_BODY_MAX, INSTRUCTION_TITLE_MAX, type ManagedInstruction } from "@nadoy/contract/instructions";
import { ROLE_IDS, ROLE_NAMES } from "@nadoy/contract/roles";
import { Button, Flex, Form, Input, Radio, Select, Switch } from "antd";
import { useState } from "react";
import { useAttachmentUploads } from "../../../shared/attachments/use-attachment-uploads.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { errorMessage, isApiRequestError, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { uploadContentImageFile } from "../../../shared/lib/content-images.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { RichTextEditor } from "../../../shared/ui/RichTextEditor.tsx";
import { useCreateInstruction, useUpdateInstruction } from "../api.ts";
import {
  formFieldOfServerField,
  formValuesOf,
  type InstructionFormValues,
  instructionInputOf,
} from "../lib/instruction-form-values.ts";
import { AttachmentsField } from "./AttachmentsField.tsx";

const AUDIENCE_KINDS = [
  { value: "all", label: "Все пользователи" },
  { value: "roles", label: "Выбранные роли" },
];

const ROLE_OPTIONS = ROLE_IDS.map((id) => ({ value: id, label: ROLE_NAMES[id] }));

interface InstructionFormProps {
  /** The article to edit; a new one without it (added at the end of the order). */
  item?: ManagedInstruction;
  /** The user changed a field (the changes are unsaved until onDone). */
  onEdit: () => void;
  onDone: () => void;
  onCancel: () => void;
}

/** Title, rich-text body, published switch, audience and files of one article. */
const uploadImageUrl = (file: File) => uploadContentImageFile(file).then((image) => image.url);

export function InstructionForm({ item, onEdit, onDone, onCancel }: InstructionFormProps) {
  const [form] = Form.useForm<InstructionFormValues>();
  const kind = Form.useWatch("audience_kind", form);
  const create = useCreateInstruction();
  const update = useUpdateInstruction();
  const uploads = useAttachmentUploads();
  const done = useSuccessToast();
  const [formError, setFormError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  const showError = (error: unknown) => {
    if (isUnauthorized(error)) return;
    const audienceKind = form.getFieldValue("audience_kind") as InstructionFormValues["audience_kind"];
    const fields = isApiRequestError(error) && error.fields ? Object.entries(error.fields) : [];
    const matched = fields.flatMap(([name, message]) => {
      const field = formFieldOfServerField(name, audienceKind);
      return field ? [{ name: field, errors: [message] }] : [];
    });
    form.setFields(matched as Parameters<typeof form.setFields>[0]);
    setFormError(matched.length > 0 ? null : errorMessage(error));
  };

  const save = async (values: InstructionFormValues) => {
    setFormError(null);
    const body = instructionInputOf(values);
    try {
      if (item) {
        await update.mutateAsync({ uuid: item.uuid, body });
        done("Изменения сохранены");
      } else {
        await create.mutateAsync(body);
        done(body.published ? "Инструкция опубликована" : "Черновик сохранён");
      }
      onDone();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Form<InstructionFormValues>
      form={form}
      layout="vertical"
      initialValues={formValuesOf(item)}
      onValuesChange={onEdit}
      onFinish={(values) => void save(values)}
    >
      <Form.Item
        label="Название"
        name="title"
        rules={[{ required: true, whitespace: true, message: "Введите название" }]}
      >
        <Input maxLength={INSTRUCTION_TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item label="Текст инструкции" name="body">
        <RichTextEditor
          label="Текст инструкции"
          maxLength={INSTRUCTION_BODY_MAX}
          minRows={10}
          profile="content"
          uploadImage={uploadImageUrl}
          imageAccept={CONTENT_IMAGE_ACCEPT}
        />
      </Form.Item>
      <Form.Item label="Опубликована" name="published" valuePropName="checked" extra="Черновик видят только редакторы">
        <Switch />
      </Form.Item>
      <Form.Item label="Кому показывать" name="audience_kind">
        <Radio.Group options={AUDIENCE_KINDS} />
      </Form.Item>
      {kind === "roles" ? (
        <Form.Item
          label="Роли"
          name="roles"
          rules={[{ required: true, type: "array", min: 1, message: "Выберите хотя бы одну роль" }]}
        >
          <Select mode="multiple" placeholder="Выберите роли" optionFilterProp="label" options={ROLE_OPTIONS} />
        </Form.Item>
      ) : null}
      <Form.Item label="Файлы" name="attachments" extra="Файлы, убранные из списка, удалятся при сохранении">
        <AttachmentsField uploads={uploads} />
      </Form.Item>
      <FormErrorAlert message={formError} />
      <Flex gap="small" wrap>
        <BusyButton type="primary" htmlType="submit" busy={busy} disabled={busy || uploads.uploading}>
          {item ? "Сохранить" : "Создать"}
        </BusyButton>
        <Button onClick={onCancel} disabled={busy}>
          Отмена
        </Button>
      </Flex>
    </Form>
  );
}
