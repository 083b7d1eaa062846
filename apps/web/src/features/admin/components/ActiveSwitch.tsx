import { App, Switch } from "antd";

interface ActiveSwitchProps {
  id?: string;
  value?: boolean;
  onChange?: (value: boolean) => void;
  /** Turning off asks first (an existing active user: deactivation signs them out everywhere). */
  confirmOff: boolean;
}

/** The «Активен» switch of the user form. */
export function ActiveSwitch({ id, value, onChange, confirmOff }: ActiveSwitchProps) {
  const { modal } = App.useApp();
  const change = (next: boolean) => {
    if (next || !confirmOff) {
      onChange?.(next);
      return;
    }
    modal.confirm({
      title: "Отключить пользователя?",
      content: "Пользователь сразу выйдет из системы на всех устройствах.",
      okText: "Отключить",
      okButtonProps: { danger: true },
      cancelText: "Отмена",
      onOk: () => onChange?.(false),
    });
  };
  return (
    <Switch
      id={id}
      checked={value}
      onChange={change}
      checkedChildren="Активен"
      unCheckedChildren="Отключён"
      aria-label="Активен"
    />
  );
}
