import { MENU_STYLES, type MenuStyle, THEMES, type Theme } from "@nadoy/contract/constants";
import type { UserProfileSettings } from "@nadoy/contract/users";
import { Card, Flex, Form, Radio } from "antd";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { useThemeToggle } from "../../../shared/hooks/use-theme-toggle.ts";
import { usePatchUserProfile } from "../../../shared/hooks/use-user-profile.ts";

const THEME_LABELS: Record<Theme, string> = { default: "Стандартная", black: "Тёмная" };
const MENU_STYLE_LABELS: Record<MenuStyle, string> = { Card_menu: "Карточки", List_menu: "Список" };

/**
 * Theme and side-menu style, each applied as soon as it is picked: the theme like the navbar
 * switch (page, browser storage, server), the menu style through PATCH users/user_profile/, whose
 * answer updates users/data so the side menu changes style at once. A failed save: toast (spec §8).
 */
export function AppearanceSettings({ profile }: { profile: UserProfileSettings }) {
  const { theme, choose } = useThemeToggle();
  const saveMenuStyle = usePatchUserProfile();
  const showFailure = useFailureToast();
  const menuStyle = saveMenuStyle.isPending
    ? (saveMenuStyle.variables.boards_menu_style ?? profile.boards_menu_style)
    : profile.boards_menu_style;

  return (
    <Card title="Оформление" size="small">
      <Flex vertical>
        <Form.Item label="Тема" layout="vertical">
          <Radio.Group
            aria-label="Тема"
            optionType="button"
            value={theme}
            onChange={(event) => choose(event.target.value as Theme)}
            options={THEMES.map((value) => ({ value, label: THEME_LABELS[value] }))}
          />
        </Form.Item>
        <Form.Item label="Вид меню" layout="vertical" style={{ marginBottom: 0 }}>
          <Radio.Group
            aria-label="Вид меню"
            optionType="button"
            value={menuStyle}
            disabled={saveMenuStyle.isPending}
            onChange={(event) =>
              saveMenuStyle.mutate({ boards_menu_style: event.target.value as MenuStyle }, { onError: showFailure })
            }
            options={MENU_STYLES.map((value) => ({ value, label: MENU_STYLE_LABELS[value] }))}
          />
        </Form.Item>
      </Flex>
    </Card>
  );
}
