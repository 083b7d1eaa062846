import { CheckCircleOutlined } from "@ant-design/icons";
import {
  type AdminReport,
  BUSINESS_PRODUCT_NAMES,
  REPORT_PROVIDER_NAMES,
  REPORT_PROVIDERS,
  REPORT_SECRET_MAX,
  REPORT_TITLE_MAX,
  REPORT_URL_MAX,
} from "@nadoy/contract/reports";
import { AutoComplete, Flex, Form, Input, Select, Switch, Typography } from "antd";
import { useState } from "react";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { errorMessage, isApiRequestError, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { useCreateReport, useUpdateReport } from "../api.ts";
import {
  isSignedProvider,
  type ReportFormValues,
  reportBodyOf,
  reportFormFieldOf,
  reportFormValuesOf,
} from "../lib/report-form-values.ts";
import { BUSINESS_PRODUCT, TAG_KIND_OPTIONS } from "../lib/report-tag.ts";
import { CardImageField } from "./CardImageField.tsx";
import { CompanySelect } from "./CompanySelect.tsx";

const providerOptions = REPORT_PROVIDERS.map((provider) => ({
  value: provider,
  label: REPORT_PROVIDER_NAMES[provider],
}));

const HTTP_URL = /^https?:\/\/\S+$/i;

/** The signing fields: only for Metabase and DataLens. The stored secret is never shown. */
function SigningFields({ report }: { report: AdminReport | undefined }) {
  const provider = Form.useWatch<ReportFormValues["provider"]>("provider");
  if (!isSignedProvider(provider)) return null;
  const hasSecret = report?.has_secret === true;
  const keyName = provider === "datalens" ? "Закрытый ключ (PEM)" : "Секретный ключ встраивания";
  return (
    <>
      <Form.Item
        label={provider === "datalens" ? "ID встраивания (embedId)" : "Номер дашборда"}
        name="resource_id"
        rules={[{ required: true, whitespace: true, message: "Укажите, что встраивать" }]}
      >
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item
        label="Параметр компании"
        name="restrict_param"
        extra="Если задан, отчёт получает в нём компании пользователя и показывает только их данные."
        rules={[{ pattern: /^[a-z_][a-z0-9_]{0,62}$/i, message: "Имя параметра: латинские буквы, цифры и _" }]}
      >
        <Input autoComplete="off" maxLength={63} />
      </Form.Item>
      {hasSecret ? (
        <Typography.Text type="success" style={{ display: "block", marginBottom: 8 }}>
          <CheckCircleOutlined /> Ключ задан
        </Typography.Text>
      ) : null}
      <Form.Item
        label={hasSecret ? "Заменить ключ" : keyName}
        name="secret"
        extra={
          hasSecret ? "Оставьте пустым, чтобы не менять ключ." : "Ключ хранится на сервере и больше не показывается."
        }
        rules={hasSecret ? [] : [{ required: true, whitespace: true, message: "Укажите ключ" }]}
      >
        <Input.TextArea autoComplete="off" spellCheck={false} rows={3} maxLength={REPORT_SECRET_MAX} />
      </Form.Item>
    </>
  );
}
// The products with a Russian name: a report under one of them is shown as «Бизнес: молоко».
const PRODUCT_OPTIONS = Object.entries(BUSINESS_PRODUCT_NAMES).map(([key, name]) => ({
  value: key,
  label: `${name} (${key})`,
}));

function ProductField() {
  const tagKind = Form.useWatch<ReportFormValues["tagKind"]>("tagKind");
  if (tagKind !== "business") return null;
  return (
    <Form.Item
      label="Продукт"
      name="product"
      extra="Выберите из списка или введите ключ: латинские буквы в нижнем регистре, цифры и _ (feed_2026)."
      rules={[
        { required: true, message: "Укажите продукт" },
        { pattern: BUSINESS_PRODUCT, message: "Латинские буквы в нижнем регистре, цифры и _ (до 40)" },
      ]}
      style={{ flex: 1, minWidth: 160 }}
    >
      <AutoComplete
        options={PRODUCT_OPTIONS}
        maxLength={40}
        filterOption={(typed, option) => option?.label.includes(typed.trim().toLocaleLowerCase("ru")) ?? false}
      />
    </Form.Item>
  );
}

interface ReportFormProps {
  /** Absent: a new report. */
  report?: AdminReport;
  onDone: () => void;
}

/** Create or edit a report of the catalogue. */
export function ReportForm({ report, onDone }: ReportFormProps) {
  const [form] = Form.useForm<ReportFormValues>();
  const create = useCreateReport();
  const update = useUpdateReport();
  const done = useSuccessToast();
  const [formError, setFormError] = useState<string | null>(null);

  const showError = (error: unknown) => {
    if (isUnauthorized(error)) return;
    const fields = isApiRequestError(error) && error.fields ? Object.entries(error.fields) : [];
    const tagKind = form.getFieldValue("tagKind") as ReportFormValues["tagKind"];
    const matched = fields.flatMap(([name, text]) => {
      const field = reportFormFieldOf(name, tagKind);
      return field ? [{ name: field, errors: [text] }] : [];
    });
    form.setFields(matched);
    setFormError(matched.length === 0 ? errorMessage(error) : null);
  };

  const save = async () => {
    setFormError(null);
    try {
      // Every value, also of fields hidden now (product, signing fields): the body picks what counts.
      const body = reportBodyOf(form.getFieldsValue(true) as ReportFormValues);
      if (report) {
        await update.mutateAsync({ uuid: report.uuid, body });
        done("Изменения сохранены");
      } else {
        await create.mutateAsync(body);
        done("Отчёт добавлен");
      }
      onDone();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Form<ReportFormValues>
      form={form}
      layout="vertical"
      initialValues={reportFormValuesOf(report)}
      onFinish={() => void save()}
    >
      <Form.Item
        label="Название"
        name="title"
        rules={[{ required: true, whitespace: true, message: "Введите название" }]}
      >
        <Input maxLength={REPORT_TITLE_MAX} />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item label="Тег" name="tagKind" style={{ flex: 1, minWidth: 200 }}>
          <Select aria-label="Тег" options={TAG_KIND_OPTIONS} />
        </Form.Item>
        <ProductField />
      </Flex>
      <Form.Item label="Картинка" name="img_uuid">
        <CardImageField />
      </Form.Item>
      <Form.Item label="Поставщик" name="provider">
        <Select aria-label="Поставщик" options={providerOptions} />
      </Form.Item>
      <Form.Item
        label="Адрес"
        name="url"
        extra="Для Metabase и DataLens — адрес сервера, без токена."
        rules={[
          { required: true, whitespace: true, message: "Введите адрес" },
          { pattern: HTTP_URL, message: "Нужен адрес http(s)://" },
        ]}
      >
        <Input autoComplete="off" maxLength={REPORT_URL_MAX} placeholder="https://" />
      </Form.Item>
      <SigningFields report={report} />
      <Form.Item label="Компания" name="company_uuid" extra="Отчёт компании видят только её сотрудники.">
        <CompanySelect current={report?.company ?? null} />
      </Form.Item>
      <Form.Item label="Активен" name="active" valuePropName="checked">
        <Switch checkedChildren="Да" unCheckedChildren="Нет" aria-label="Активен" />
      </Form.Item>
      <FormErrorAlert message={formError} />
      <BusyButton type="primary" htmlType="submit" busy={create.isPending || update.isPending}>
        {report ? "Сохранить" : "Добавить отчёт"}
      </BusyButton>
    </Form>
  );
}
