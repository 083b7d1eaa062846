import { CopyOutlined, ExportOutlined, PlusOutlined } from "@ant-design/icons";
import type { FormDefinition, ListDetail } from "@nadoy/contract/lists";
import { Alert, Button, Card, Col, Flex, Input, Row, Select, Space, Tag, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { FeedbackFormView } from "../../../shared/form-fields/FeedbackFormView.tsx";
import { FormText } from "../../../shared/form-fields/placeholders.ts";
import type { TagOptionsByColumn } from "../../../shared/form-fields/use-tag-options.ts";
import { useErrorToast } from "../../../shared/hooks/use-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { useUnsavedChangesGuard } from "../../../shared/hooks/use-unsaved-changes-guard.ts";
import { errorMessage, isApiRequestError, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useListForm, usePublishForm, useSaveForm } from "./api.ts";
import {
  blockElement,
  type DraftElement,
  draftBody,
  draftFromDefinition,
  elementErrors,
  type FormDraft,
  fieldElement,
  moveElement,
  previewElements,
  publicFormUrl,
  sameDraft,
} from "./draft.ts";
import { ElementEditor } from "./ElementEditor.tsx";

export const BuilderText = {
  header: "Заголовок формы",
  conclusion: "Текст после отправки",
  addField: "Добавить поле из столбца",
  addText: "Текстовый блок",
  addLink: "Ссылка",
  save: "Сохранить",
  saved: "Форма сохранена",
  publish: "Опубликовать",
  unpublish: "Снять с публикации",
  published: "Опубликована",
  notPublished: "Не опубликована",
  saveFirst: "Сохраните изменения, чтобы опубликовать их",
  needField: "Добавьте хотя бы одно поле, чтобы опубликовать форму",
  copy: "Копировать ссылку",
  copied: "Ссылка скопирована",
  open: "Открыть",
  preview: "Предпросмотр",
  empty: "В форме пока нет элементов: добавьте поля из столбцов списка, текст или ссылку.",
  loadFailed: "Не удалось загрузить форму списка",
  readOnly: "Форму может изменять только управляющий списком.",
} as const;

/** The public link of a published form: the address, copy, open in a new tab. */
function PublicLink({ uuidLink }: { uuidLink: string }) {
  const url = publicFormUrl(uuidLink);
  const showSuccess = useSuccessToast();
  const showError = useErrorToast();
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text code data-testid="public-link">
        {url}
      </Typography.Text>
      <Button
        size="small"
        icon={<CopyOutlined />}
        onClick={() => {
          navigator.clipboard?.writeText(url).then(
            () => showSuccess(BuilderText.copied),
            () => showError(),
          );
        }}
      >
        {BuilderText.copy}
      </Button>
      <Button size="small" icon={<ExportOutlined />} href={url} target="_blank" rel="noopener noreferrer">
        {BuilderText.open}
      </Button>
    </Flex>
  );
}

/** Publishing: the state, the button, and the link while published. */
function PublishBar({ list, form, dirty }: { list: ListDetail; form: FormDefinition; dirty: boolean }) {
  const publish = usePublishForm(list.uuid);
  const showError = useErrorToast();
  // A form without a single field has nothing to collect: not published until it has one.
  const noFields = !form.elements.some((element) => element.column_uuid !== null);
  const blocker = form.published ? null : dirty ? BuilderText.saveFirst : noFields ? BuilderText.needField : null;
  return (
    <Card size="small">
      <Flex vertical gap={8}>
        <Space wrap>
          <Tag color={form.published ? "green" : "default"}>
            {form.published ? BuilderText.published : BuilderText.notPublished}
          </Tag>
          {list.can_manage && (
            <Button
              type={form.published ? "default" : "primary"}
              loading={publish.isPending}
              disabled={blocker !== null}
              onClick={() =>
                publish.mutate(!form.published, {
                  onError: (error) => {
                    if (!isUnauthorized(error)) showError(errorMessage(error));
                  },
                })
              }
            >
              {form.published ? BuilderText.unpublish : BuilderText.publish}
            </Button>
          )}
          {list.can_manage && blocker && <Typography.Text type="secondary">{blocker}</Typography.Text>}
        </Space>
        {form.published && <PublicLink uuidLink={form.uuid_link} />}
      </Flex>
    </Card>
  );
}

/**
 * The form builder of a list (its «Форма» tab): pick and order the list's columns as fields, add
 * text and link blocks, edit the header and the conclusion, save (PUT), publish (the public link
 * /form/<uuid>), with a live preview through the public page's own renderer. Read-only for those
 * who cannot manage the list.
 */
export function FormBuilderPanel({ list }: { list: ListDetail }) {
  const query = useListForm(list.uuid);
  const save = useSaveForm(list.uuid);
  const showSuccess = useSuccessToast();
  const showError = useErrorToast();
  const [draft, setDraft] = useState<FormDraft | null>(null);

  useEffect(() => {
    if (query.data && draft === null) setDraft(draftFromDefinition(query.data));
  }, [query.data, draft]);

  const tagOptions = useMemo<TagOptionsByColumn>(
    () => Object.fromEntries(list.columns.map((column) => [column.uuid, column.options])),
    [list.columns],
  );
  const columnsByUuid = useMemo(() => new Map(list.columns.map((c) => [c.uuid, c])), [list.columns]);
  const dirty =
    query.data !== undefined && draft !== null && list.can_manage && !sameDraft(draft, draftFromDefinition(query.data));
  useUnsavedChangesGuard(dirty);

  if (query.isError) return <Alert type="error" showIcon title={BuilderText.loadFailed} />;
  if (!query.data || !draft) return <PageSpinner />;
  const form = query.data;

  const preview = previewElements(draft, list.columns);
  const errors = elementErrors(isApiRequestError(save.error) ? save.error.fields : undefined);
  const usedColumns = new Set(draft.elements.map((e) => e.column_uuid));
  const freeColumns = list.columns.filter((column) => !usedColumns.has(column.uuid));

  const setElements = (change: (elements: DraftElement[]) => DraftElement[]) =>
    setDraft((current) => (current ? { ...current, elements: change(current.elements) } : current));

  const previewCard = (
    <Card size="small" title={BuilderText.preview}>
      <FeedbackFormView elements={preview} mode="preview" tagOptions={tagOptions} />
    </Card>
  );

  if (!list.can_manage) {
    return (
      <Flex vertical gap={16}>
        <Alert type="info" showIcon title={BuilderText.readOnly} />
        <PublishBar list={list} form={form} dirty={false} />
        {previewCard}
      </Flex>
    );
  }

  const onSave = () => {
    save.mutate(draftBody(draft), {
      onSuccess: (saved) => {
        setDraft(draftFromDefinition(saved));
        showSuccess(BuilderText.saved);
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        if (!isApiRequestError(error) || !error.fields) showError(errorMessage(error));
      },
    });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Flex vertical gap={12}>
          <PublishBar list={list} form={form} dirty={dirty} />
          <div>
            <Typography.Text strong>{BuilderText.header}</Typography.Text>
            <Input
              aria-label={BuilderText.header}
              placeholder={FormText.defaultHeader}
              maxLength={255}
              value={draft.form_header}
              status={errors.other.form_header ? "error" : undefined}
              onChange={(event) => setDraft({ ...draft, form_header: event.target.value })}
            />
            {errors.other.form_header && <Typography.Text type="danger">{errors.other.form_header}</Typography.Text>}
          </div>
          <div>
            <Typography.Text strong>{BuilderText.conclusion}</Typography.Text>
            <Input.TextArea
              aria-label={BuilderText.conclusion}
              placeholder={FormText.defaultConclusion}
              autoSize={{ minRows: 1, maxRows: 4 }}
              value={draft.conclusion}
              status={errors.other.conclusion ? "error" : undefined}
              onChange={(event) => setDraft({ ...draft, conclusion: event.target.value })}
            />
            {errors.other.conclusion && <Typography.Text type="danger">{errors.other.conclusion}</Typography.Text>}
          </div>
          {draft.elements.length === 0 && <Alert type="info" title={BuilderText.empty} />}
          {draft.elements.map((element, index) => (
            <ElementEditor
              key={element.key}
              element={element}
              column={element.column_uuid ? columnsByUuid.get(element.column_uuid) : undefined}
              index={index}
              count={draft.elements.length}
              error={errors.byIndex.get(index)}
              onChange={(next) => setElements((all) => all.map((e) => (e.key === element.key ? next : e)))}
              onMove={(step) => setElements((all) => moveElement(all, index, step))}
              onRemove={() => setElements((all) => all.filter((e) => e.key !== element.key))}
            />
          ))}
          <Flex gap={8} wrap>
            <Select
              aria-label={BuilderText.addField}
              placeholder={BuilderText.addField}
              style={{ minWidth: 240 }}
              value={null}
              disabled={freeColumns.length === 0}
              options={freeColumns.map((column) => ({ value: column.uuid, label: column.name }))}
              onChange={(uuid: string) => {
                const column = columnsByUuid.get(uuid);
                if (column) setElements((all) => [...all, fieldElement(column)]);
              }}
            />
            <Button icon={<PlusOutlined />} onClick={() => setElements((all) => [...all, blockElement("text_block")])}>
              {BuilderText.addText}
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => setElements((all) => [...all, blockElement("link_block")])}>
              {BuilderText.addLink}
            </Button>
          </Flex>
          {errors.other.elements && <Alert type="error" showIcon title={errors.other.elements} />}
          <div>
            <Button type="primary" loading={save.isPending} disabled={!dirty} onClick={onSave}>
              {BuilderText.save}
            </Button>
          </div>
        </Flex>
      </Col>
      <Col xs={24} lg={12}>
        {previewCard}
      </Col>
    </Row>
  );
}
