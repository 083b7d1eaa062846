import { MenuFoldOutlined, MenuUnfoldOutlined } from "@ant-design/icons";
import { PRODUCT_NAME } from "@nadoy/contract/constants";
import type { UserData } from "@nadoy/contract/users";
import { Button, Flex, Layout, theme } from "antd";
import { Link } from "react-router";
import { ChatNavBadge } from "../../features/chat/components/ChatNavBadge.tsx";
import { NotificationBell } from "../../features/notifications/components/NotificationBell.tsx";
import { OnlineIndicator } from "../../features/presence/components/OnlineIndicator.tsx";
import { href } from "../../shared/routes/href.ts";
import { ProfileMenu } from "./ProfileMenu.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";

export const SIDE_MENU_ID = "side-menu";

interface NavbarProps {
  user: UserData | undefined;
  signedIn: boolean;
  sideMenuOpen: boolean;
  onToggleSideMenu: () => void;
  onAbout: () => void;
}

/** Spec §1 top navigation bar: side-menu button, product, theme switch, «В сети», chat (unread badge), notification bell, profile menu. */
export function Navbar({ user, signedIn, sideMenuOpen, onToggleSideMenu, onAbout }: NavbarProps) {
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        display: "flex",
        alignItems: "center",
        gap: 12,
        padding: "0 16px",
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
      <Flex align="center" gap={12} style={{ marginLeft: "auto" }}>
        <ThemeToggle />
        {signedIn && user ? <OnlineIndicator userId={user.id} /> : null}
        {signedIn && user ? <ChatNavBadge userId={user.id} /> : null}
        {signedIn ? <NotificationBell /> : null}
        <ProfileMenu signedIn={signedIn} user={user} onAbout={onAbout} />
      </Flex>
    </Layout.Header>
  );
}
