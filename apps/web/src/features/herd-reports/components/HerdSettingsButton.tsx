import { SettingOutlined } from "@ant-design/icons";
import { HERD_VWP_DAYS_MAX, HERD_VWP_DAYS_MIN, type HerdSettingsInput } from "@nadoy/contract/herd-settings";
import { Alert, Button, Form, InputNumber, Modal } from "antd";
import { useState } from "react";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { useHerdSettings, useSaveHerdSettings } from "../settings-api.ts";

/**
 * «Настройки базы» of report 4: the voluntary waiting period its cycles start from. Shown only to
 * those who may change it (contract herd-settings.ts: everyone who uploads to the database).
 */
export function HerdSettingsButton({ dbUuid }: { dbUuid: string }) {
  const settings = useHerdSettings(dbUuid, true);
  const save = useSaveHerdSettings(dbUuid);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<HerdSettingsInput>();
  if (!settings.data?.editable) return null;
  const close = () => {
    setOpen(false);
    save.reset();
  };
  return (
    <div className="herd-report-settings">
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)}>
        Настройки базы
      </Button>
      <Modal
        open={open}
        title="Настройки базы стада"
        okText="Сохранить"
        cancelText="Отмена"
        onOk={() => form.submit()}
        onCancel={close}
        okButtonProps={{ loading: save.isPending }}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ vwp_days: settings.data.vwp_days }}
          onFinish={(values) => save.mutate({ vwp_days: values.vwp_days }, { onSuccess: close })}
        >
          <Form.Item
            name="vwp_days"
            label="Добровольный период ожидания (ДОП), дней после отёла"
            extra="С конца ДОП отчёт «Воспроизводство» считает 21-дневные циклы каждой коровы."
            rules={[
              { required: true, message: "Укажите число дней" },
              {
                type: "integer",
                min: HERD_VWP_DAYS_MIN,
                max: HERD_VWP_DAYS_MAX,
                message: `От ${HERD_VWP_DAYS_MIN} до ${HERD_VWP_DAYS_MAX} дней`,
              },
            ]}
          >
            <InputNumber min={HERD_VWP_DAYS_MIN} max={HERD_VWP_DAYS_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Form>
        {save.isError ? <Alert type="error" showIcon title={errorMessage(save.error)} /> : null}
      </Modal>
    </div>
  );
}
