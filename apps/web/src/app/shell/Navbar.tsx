import { MenuFoldOutlined, MenuUnfoldOutlined, QuestionCircleOutlined } from "@ant-design/icons";
import { PRODUCT_NAME } from "@nadoy/contract/constants";
import type { UserData } from "@nadoy/contract/users";
import { Button, Flex, Layout, theme } from "antd";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { ChatNavBadge } from "../../features/chat/components/ChatNavBadge.tsx";
import { NotificationBell } from "../../features/notifications/components/NotificationBell.tsx";
import { OnlineIndicator } from "../../features/presence/components/OnlineIndicator.tsx";
import { href } from "../../shared/routes/href.ts";
import { ProfileMenu } from "./ProfileMenu.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";

export const SIDE_MENU_ID = "side-menu";

// The help drawer and its code load on the first click, not with the shell.
const HelpDrawer = lazy(() =>
  import("../../features/instructions/components/HelpDrawer.tsx").then((module) => ({ default: module.HelpDrawer })),
);

/** «Инструкции»: opens the help drawer (loaded the first time it is opened). */
function HelpButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        type="text"
        icon={<QuestionCircleOutlined />}
        aria-label="Инструкции"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      />
      {loaded ? (
        <Suspense fallback={null}>
          <HelpDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

interface NavbarProps {
  user: UserData | undefined;
  signedIn: boolean;
  sideMenuOpen: boolean;
  onToggleSideMenu: () => void;
  onAbout: () => void;
}

/** Spec §1 top navigation bar: side-menu button, product, theme switch, «В сети», chat (unread badge), help (instructions), notification bell, profile menu. */
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
        {signedIn ? <HelpButton /> : null}
        {signedIn ? <NotificationBell /> : null}
        <ProfileMenu signedIn={signedIn} user={user} onAbout={onAbout} />
      </Flex>
    </Layout.Header>
  );
}
