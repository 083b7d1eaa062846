import { BUSINESS_NAME_MAX, type Business, type FarmWithCompany } from "@nadoy/contract/business";
import { Flex, Form, Input, Select, Switch } from "antd";
import { useNavigate } from "react-router";
import { useFormServerError } from "../../../shared/hooks/use-form-server-error.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { isUnauthorized } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { FormErrorAlert } from "../../../shared/ui/FormErrorAlert.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { type CreateFarmBody, type UpdateFarmBody, useCreateFarm, useUpdateFarm } from "../api.ts";
import { nameRules, sameIds } from "../lib/form-rules.ts";
import { DEFAULT_TIMEZONE, timezoneOptions } from "../lib/timezones.ts";
import { userLabel } from "../lib/users.ts";

interface FarmFormValues {
  name: string;
  use_genetic: boolean;
  timezone: string;
  user_ids: number[];
}

const FIELDS = ["name", "use_genetic", "timezone", "user_ids"] as const;

function valuesOf(farm: FarmWithCompany | undefined): FarmFormValues {
  return {
    name: farm?.name ?? "",
    use_genetic: farm?.use_genetic ?? false,
    timezone: farm?.timezone ?? DEFAULT_TIMEZONE,
    user_ids: farm?.users.map((user) => user.id) ?? [],
  };
}

const bodyOf = (values: FarmFormValues): CreateFarmBody => ({
  name: values.name.trim(),
  use_genetic: values.use_genetic,
  timezone: values.timezone,
  user_ids: values.user_ids,
});

/** PATCH body: only what differs from the farm as loaded. */
function changesOf(farm: FarmWithCompany, values: FarmFormValues): NonNullable<UpdateFarmBody> {
  const after = bodyOf(values);
  const body: NonNullable<UpdateFarmBody> = {};
  if (after.name !== farm.name) body.name = after.name;
  if (after.use_genetic !== farm.use_genetic) body.use_genetic = after.use_genetic;
  if (after.timezone !== farm.timezone) body.timezone = after.timezone;
  const before = farm.users.map((user) => user.id);
  if (!sameIds(after.user_ids ?? [], before)) body.user_ids = after.user_ids;
  return body;
}

interface FarmFormProps {
  /** The farm's company, for its members. */
  company: Business;
  /** Absent: a new farm of `company`. */
  farm?: FarmWithCompany;
}

/** A farm's name, genetics, time zone and the members limited to it; saved, back to the company. */
export function FarmForm({ company, farm }: FarmFormProps) {
  const [form] = Form.useForm<FarmFormValues>();
  const create = useCreateFarm();
  const update = useUpdateFarm();
  const navigate = useNavigate();
  const done = useSuccessToast();
  const { formError, clearError, showError } = useFormServerError(form, FIELDS);
  const back = href.editBusiness({ id: company.uuid });

  const save = async (values: FarmFormValues) => {
    clearError();
    try {
      if (!farm) {
        await create.mutateAsync({ companyUuid: company.uuid, body: bodyOf(values) });
        done("Ферма добавлена");
      } else {
        const body = changesOf(farm, values);
        if (Object.keys(body).length > 0) {
          await update.mutateAsync({ uuid: farm.uuid, body });
          done("Изменения сохранены");
        }
      }
      void navigate(back);
    } catch (error) {
      if (!isUnauthorized(error)) showError(error);
    }
  };

  // Members, and anyone limited to the farm already (the server keeps them members anyway).
  const users = new Map([...company.users, ...(farm?.users ?? [])].map((user) => [user.id, userLabel(user)]));
  const userOptions = [...users].map(([value, label]) => ({ value, label }));

  return (
    <Form<FarmFormValues>
      form={form}
      layout="vertical"
      initialValues={valuesOf(farm)}
      onFinish={(values) => void save(values)}
    >
      <Form.Item label="Название" name="name" rules={nameRules}>
        <Input maxLength={BUSINESS_NAME_MAX} autoFocus={!farm} />
      </Form.Item>
      <Form.Item label="Часовой пояс" name="timezone" rules={[{ required: true, message: "Выберите часовой пояс" }]}>
        <Select options={timezoneOptions(farm?.timezone)} aria-label="Часовой пояс" />
      </Form.Item>
      <Form.Item label="Генетика" name="use_genetic" valuePropName="checked">
        <Switch aria-label="Генетика" />
      </Form.Item>
      <Form.Item
        label="Пользователи фермы"
        name="user_ids"
        extra="Выбранные пользователи компании видят только фермы, за которыми закреплены; остальные видят все её фермы."
      >
        <Select
          mode="multiple"
          options={userOptions}
          showSearch={{ optionFilterProp: "label" }}
          placeholder="Никто не закреплён"
          aria-label="Пользователи фермы"
          notFoundContent="В компании нет пользователей"
        />
      </Form.Item>
      <FormErrorAlert message={formError} />
      <Flex gap="small">
        <BusyButton type="primary" htmlType="submit" busy={create.isPending || update.isPending}>
          {farm ? "Сохранить" : "Добавить"}
        </BusyButton>
        <RouterButtonLink to={back}>Отмена</RouterButtonLink>
      </Flex>
    </Form>
  );
}
