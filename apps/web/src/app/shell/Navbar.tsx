import { MenuFoldOutlined, MenuUnfoldOutlined, QuestionCircleOutlined } from "@ant-design/icons";
import { PRODUCT_NAME } from "@nadoy/contract/constants";
import type { UserData } from "@nadoy/contract/users";
import { Button, Flex, Grid, Layout, theme } from "antd";
import { Link } from "react-router";
import { ChatNavBadge } from "../../features/chat/components/ChatNavBadge.tsx";
import { NotificationBell } from "../../features/notifications/components/NotificationBell.tsx";
import { OnlineIndicator } from "../../features/presence/components/OnlineIndicator.tsx";
import { useThemeToggle } from "../../shared/hooks/use-theme-toggle.ts";
import { useOnlineUsers } from "../../shared/realtime/online-users.ts";
import { href } from "../../shared/routes/href.ts";
import { useHelpDrawer } from "./HelpDrawerHost.tsx";
import { type HeaderMenuEntry, ProfileMenu } from "./ProfileMenu.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";

export const SIDE_MENU_ID = "side-menu";

interface NavbarProps {
  user: UserData | undefined;
  signedIn: boolean;
  sideMenuOpen: boolean;
  onToggleSideMenu: () => void;
  onAbout: () => void;
}

/**
 * Spec §1 top navigation bar: side-menu button, product, theme switch, «В сети», chat (unread badge),
 * help (instructions), notification bell, profile menu. On a phone (antd's xs, under 576 px) the
 * theme switch, «В сети» and help move into the profile menu, so that the bar fits 390 px.
 */
export function Navbar({ user, signedIn, sideMenuOpen, onToggleSideMenu, onAbout }: NavbarProps) {
  const { token } = theme.useToken();
  const phone = Grid.useBreakpoint().xs === true;
  const help = useHelpDrawer();
  const themeToggle = useThemeToggle();
  const online = signedIn && user ? <OnlineIndicator userId={user.id} /> : null;
  const onlineKnown = useOnlineUsers().ids !== null;
  const movedToMenu: HeaderMenuEntry[] = phone
    ? [
        // Not before the main socket has told who is online (the indicator shows nothing until then).
        ...(online && onlineKnown ? [{ key: "online", label: online }] : []),
        {
          key: "theme",
          label: themeToggle.theme === "black" ? "Стандартная тема" : "Тёмная тема",
          onSelect: themeToggle.toggle,
        },
        ...(signedIn ? [{ key: "help", label: "Инструкции", onSelect: help.open }] : []),
      ]
    : [];
  return (
    <Layout.Header
      style={{
        display: "flex",
        alignItems: "center",
        gap: phone ? 4 : 12,
        padding: phone ? "0 8px" : "0 16px",
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: "sticky",
        top: 0,
        zIndex: 10,
      }}
    >
      <Button
        type="text"
        icon={sideMenuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        aria-label="Меню"
        aria-expanded={sideMenuOpen}
        aria-controls={SIDE_MENU_ID}
        onClick={onToggleSideMenu}
      />
      <Link
        to={href.home()}
        style={{ color: token.colorText, fontSize: 20, fontWeight: 600, textDecoration: "none", whiteSpace: "nowrap" }}
      >
        {PRODUCT_NAME}
      </Link>
      <Flex align="center" gap={phone ? 4 : 12} style={{ marginLeft: "auto" }}>
        {phone ? null : <ThemeToggle />}
        {phone ? null : online}
        {signedIn && user ? <ChatNavBadge userId={user.id} /> : null}
        {signedIn && !phone ? (
          <Button
            type="text"
            icon={<QuestionCircleOutlined />}
            aria-label="Инструкции"
            aria-haspopup="dialog"
            onClick={help.open}
          />
        ) : null}
        {signedIn ? <NotificationBell /> : null}
        <ProfileMenu signedIn={signedIn} user={user} onAbout={onAbout} headerEntries={movedToMenu} />
      </Flex>
      {help.drawer}
    </Layout.Header>
  );
}
