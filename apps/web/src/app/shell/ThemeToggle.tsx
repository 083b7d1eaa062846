import { MoonOutlined, SunOutlined } from "@ant-design/icons";
import { Tooltip } from "antd";
import { useThemeToggle } from "../../shared/hooks/use-theme-toggle.ts";
import { LightSwitch } from "../../shared/ui/LightSwitch.tsx";

/** The navbar's theme switch: on is the dark («black») theme. */
export function ThemeToggle() {
  const { theme, toggle } = useThemeToggle();
  return (
    <Tooltip title={theme === "black" ? "Стандартная тема" : "Тёмная тема"}>
      <LightSwitch
        checked={theme === "black"}
        onChange={toggle}
        aria-label="Тёмная тема"
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
      />
    </Tooltip>
  );
}
