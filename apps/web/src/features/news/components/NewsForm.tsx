import {
  CONTENT_IMAGE_ACCEPT,
  type ManagedNews,
  NEWS_BODY_MAX,
  NEWS_EXCERPT_MAX,
  NEWS_STATUS_NAMES,
  NEWS_TITLE_MAX,
} from "@nadoy/contract/content";
import type { UserData } from "@nadoy/contract/users";
import { Flex, Form, Input, Tag, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { useUnsavedChangesGuard } from "../../../shared/hooks/use-unsaved-changes-guard.ts";
import { errorMessage, isApiRequestError, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { uploadContentImageFile } from "../../../shared/lib/content-images.ts";
import { href } from "../../../shared/routes/href.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { RichTextEditor } from "../../../shared/ui/RichTextEditor.tsx";
import { useCreateNews, usePublishNews, useUpdateNews } from "../api.ts";
import { newsDateTime } from "../lib/news-date.ts";
import { formFieldOfServerField, formValuesOf, type NewsFormValues, newsInputOf } from "../lib/news-form-values.ts";
import { AudienceFields } from "./AudienceFields.tsx";
import { CoverField } from "./CoverField.tsx";
import { PublishControls } from "./PublishControls.tsx";

/** Companies to address: the editor's own (user data) and any the item already names. */
function companyChoices(user: UserData, item: ManagedNews | undefined) {
  const chosen = item?.audience.kind === "companies" ? item.audience.companies : [];
  const byUuid = new Map([...user.user_companies, ...chosen].map((company) => [company.uuid, company]));
  return [...byUuid.values()];
}

const uploadBodyImage = (file: File) => uploadContentImageFile(file).then((image) => image.url);

/**
 * /add-news and /news-edit/:id: title, excerpt, cover, rich-text body and audience. A new item is
 * saved as a draft and the editor moves on to its edit page; publishing acts on the saved item, so
 * it waits until the changes are saved.
 */
export function NewsForm({ user, item }: { user: UserData; item?: ManagedNews }) {
  const [form] = Form.useForm<NewsFormValues>();
  const navigate = useNavigate();
  const create = useCreateNews();
  const update = useUpdateNews();
  const publish = usePublishNews();
  const done = useSuccessToast();
  const failed = useFailureToast();
  const [formError, setFormError] = useState<string | null>(null);
  const { dirty, setDirty } = useUnsavedChangesGuard();
  const busy = create.isPending || update.isPending || publish.isPending;

  const showError = (error: unknown) => {
    if (isUnauthorized(error)) return;
    const kind = form.getFieldValue("audience_kind") as NewsFormValues["audience_kind"];
    const fields = isApiRequestError(error) && error.fields ? Object.entries(error.fields) : [];
    const matched = fields.flatMap(([name, message]) => {
      const field = formFieldOfServerField(name, kind);
      return field ? [{ name: field, errors: [message] }] : [];
    });
    form.setFields(matched as Parameters<typeof form.setFields>[0]);
    setFormError(matched.length > 0 ? null : errorMessage(error));
  };

  const save = async (publishNow: boolean) => {
    setFormError(null);
    let values: NewsFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = newsInputOf(values);
    try {
      if (item) {
        await update.mutateAsync({ id: item.id, body });
        setDirty(false);
        done("Изменения сохранены");
        return;
      }
      const created = await create.mutateAsync(body);
      setDirty(false);
      // The draft exists now: whatever publishing answers, the editor continues on its edit page.
      navigate(href.newsEdit({ id: created.id }), { replace: true });
      if (!publishNow) {
        done("Черновик сохранён");
        return;
      }
      await publish
        .mutateAsync({ id: created.id, publishAt: new Date().toISOString() })
        .then(() => done("Новость опубликована"), failed);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Form<NewsFormValues>
      form={form}
      layout="vertical"
      initialValues={formValuesOf(item)}
      onValuesChange={() => setDirty(true)}
      onFinish={() => void save(false)}
      style={{ maxWidth: 900 }}
    >
      {item ? (
        <Flex gap="small" align="center" wrap style={{ marginBottom: 16 }}>
          <Tag>{NEWS_STATUS_NAMES[item.status]}</Tag>
          {item.publish_at ? (
            <Typography.Text type="secondary">
              {item.status === "scheduled" ? "Выйдет" : "Опубликована"} {newsDateTime(item.publish_at)}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
      <Form.Item
        label="Заголовок"
        name="title"
        rules={[{ required: true, whitespace: true, message: "Введите заголовок" }]}
      >
        <Input maxLength={NEWS_TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item label="Краткое описание" name="excerpt" extra="Показывается в ленте под заголовком">
        <Input.TextArea maxLength={NEWS_EXCERPT_MAX} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item label="Обложка" name="cover_image_uuid">
        <CoverField />
      </Form.Item>
      <Form.Item label="Текст новости" name="body">
        <RichTextEditor
          label="Текст новости"
          maxLength={NEWS_BODY_MAX}
          minRows={10}
          profile="content"
          uploadImage={uploadBodyImage}
          imageAccept={CONTENT_IMAGE_ACCEPT}
        />
      </Form.Item>
      <AudienceFields companies={companyChoices(user, item)} />
      <FormErrorAlert message={formError} />
      <Flex gap="small" wrap align="center">
        <BusyButton type="primary" htmlType="submit" busy={create.isPending || update.isPending} disabled={busy}>
          {item ? "Сохранить" : "Сохранить черновик"}
        </BusyButton>
        {item ? null : (
          <BusyButton busy={publish.isPending} disabled={busy} onClick={() => void save(true)}>
            Сохранить и опубликовать
          </BusyButton>
        )}
      </Flex>
      {item ? (
        <Flex vertical gap="small" style={{ marginTop: 24 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            Публикация
          </Typography.Title>
          {dirty ? (
            <Typography.Text type="secondary">Сохраните изменения, чтобы опубликовать их.</Typography.Text>
          ) : (
            <PublishControls item={item} />
          )}
        </Flex>
      ) : null}
    </Form>
  );
}
