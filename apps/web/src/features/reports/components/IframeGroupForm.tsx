import { type AdminIframeGroup, REPORT_TITLE_MAX } from "@nadoy/contract/reports";
import { Form, Input, Switch } from "antd";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { isUnauthorized } from "../../../shared/lib/api-error.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { useAdminReports, useCreateIframeGroup, useUpdateIframeGroup } from "../api.ts";
import { CardImageField } from "./CardImageField.tsx";
import { type ReportChoice, ReportOrderField } from "./ReportOrderField.tsx";

interface GroupFormValues {
  title: string;
  img_uuid: string | null;
  active: boolean;
  report_uuids: string[];
}

const FIELDS = ["title", "img_uuid", "active", "report_uuids"] as const;

function valuesOf(group: AdminIframeGroup | undefined): GroupFormValues {
  return {
    title: group?.title ?? "",
    img_uuid: group?.img_uuid ?? null,
    active: group?.active ?? true,
    report_uuids: group?.reports.map((report) => report.uuid) ?? [],
  };
}

/** The catalogue's reports, and the group's own ones should the catalogue not have loaded. */
function choicesOf(catalogue: ReportChoice[] | undefined, group: AdminIframeGroup | undefined): ReportChoice[] {
  const byUuid = new Map([...(group?.reports ?? []), ...(catalogue ?? [])].map((report) => [report.uuid, report]));
  return [...byUuid.values()];
}

/** Create or edit an iframe group: title, picture, active, its reports in order. */
export function IframeGroupForm({ group, onDone }: { group?: AdminIframeGroup; onDone: () => void }) {
  const [form] = Form.useForm<GroupFormValues>();
  const reports = useAdminReports();
  const create = useCreateIframeGroup();
  const update = useUpdateIframeGroup();
  const done = useSuccessToast();
  const { formError, clearError, showError } = useFormServerError(form, FIELDS);

  const save = async (values: GroupFormValues) => {
    clearError();
    const body = {
      title: values.title.trim(),
      img_uuid: values.img_uuid ?? null,
      active: values.active,
      report_uuids: values.report_uuids ?? [],
    };
    try {
      if (group) {
        await update.mutateAsync({ pk: group.pk, body });
        done("Изменения сохранены");
      } else {
        await create.mutateAsync(body);
        done("Группа создана");
      }
      onDone();
    } catch (error) {
      if (!isUnauthorized(error)) showError(error);
    }
  };

  return (
    <Form<GroupFormValues>
      form={form}
      layout="vertical"
      initialValues={valuesOf(group)}
      onFinish={(values) => void save(values)}
    >
      <Form.Item
        label="Название"
        name="title"
        rules={[{ required: true, whitespace: true, message: "Введите название" }]}
      >
        <Input maxLength={REPORT_TITLE_MAX} />
      </Form.Item>
      <Form.Item label="Картинка" name="img_uuid">
        <CardImageField />
      </Form.Item>
      <Form.Item label="Активна" name="active" valuePropName="checked">
        <Switch checkedChildren="Да" unCheckedChildren="Нет" aria-label="Активна" />
      </Form.Item>
      <Form.Item label="Отчёты" name="report_uuids" extra="В этом порядке их увидят пользователи группы.">
        <ReportOrderField choices={choicesOf(reports.data, group)} />
      </Form.Item>
      <FormErrorAlert message={formError} />
      <BusyButton type="primary" htmlType="submit" busy={create.isPending || update.isPending}>
        {group ? "Сохранить" : "Создать группу"}
      </BusyButton>
    </Form>
  );
}
