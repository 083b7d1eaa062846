import { Grid, Layout, theme } from "antd";
import { lazy, Suspense, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { MainSocket } from "../../features/presence/components/MainSocket.tsx";
import { AnnouncementBar } from "../../features/session/components/AnnouncementBar.tsx";
import { TermsDialogPlaceholder } from "../../features/session/components/TermsDialogPlaceholder.tsx";
import { useAccessToken } from "../../shared/hooks/use-access-token.ts";
import { useUserData } from "../../shared/hooks/use-user-data.ts";
import { readUsername } from "../../shared/lib/browser-storage.ts";
import { PageSpinner } from "../../shared/ui/PageSpinner.tsx";
import { Breadcrumbs } from "../shell/Breadcrumbs.tsx";
import { Footer } from "../shell/Footer.tsx";
import { layoutFor } from "../shell/layout-rules.ts";
import { Navbar, SIDE_MENU_ID } from "../shell/Navbar.tsx";
import { useOverlayTop } from "../shell/side-menu/use-overlay-top.ts";
import { useSideMenuState } from "../shell/side-menu/use-side-menu-state.ts";

// Dialogs most visits never open are chunks of their own, loaded when first shown.
const AboutDialog = lazy(() => import("../shell/AboutDialog.tsx").then((m) => ({ default: m.AboutDialog })));
const TermsDialog = lazy(() =>
  import("../../features/session/components/TermsDialog.tsx").then((m) => ({ default: m.TermsDialog })),
);

// The side menu starts closed (spec §4) unless pinned: its sections, icons and menu components load
// on first opening.
const SideMenu = lazy(() => import("../shell/side-menu/SideMenu.tsx").then((m) => ({ default: m.SideMenu })));

const SIDE_MENU_WIDTH = 300;
const NAVBAR_HEIGHT = 64;

/** The signed-in app shell (spec §1): navbar, side menu, breadcrumbs, the page, footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const user = useUserData().data;
  const signedIn = useAccessToken() !== null;
  // Narrow screens: the side menu lies over the page (with a mask that closes it) instead of
  // pushing the page aside.
  const overlay = !Grid.useBreakpoint().md;
  const menu = useSideMenuState(pathname, !overlay);
  // The announcement, above the navbar: the menu lying over the page starts under both.
  const aboveNavbar = useRef<HTMLDivElement>(null);
  const overlayTop = useOverlayTop(aboveNavbar, NAVBAR_HEIGHT, overlay && menu.open);
  const [aboutOpen, setAboutOpen] = useState(false);
  // Mounted from its first opening on, so that closing still animates.
  const [aboutShown, setAboutShown] = useState(false);
  if (aboutOpen && !aboutShown) setAboutShown(true);
  const { footer } = layoutFor(pathname);

  return (
    <Layout style={{ minHeight: "100vh" }} data-layout="shell">
      {/* Spec §4 "App start": the terms dialog, the announcement bar and the main socket. */}
      {user ? (
        <>
          {user.read_status ? null : (
            <Suspense fallback={<TermsDialogPlaceholder />}>
              <TermsDialog />
            </Suspense>
          )}
          {signedIn ? <MainSocket userId={user.id} usersOnline={user.users_online} /> : null}
        </>
      ) : null}
      <div ref={aboveNavbar}>{user ? <AnnouncementBar announcement={user.announcement} /> : null}</div>
      <Navbar
        user={user}
        signedIn={signedIn}
        sideMenuOpen={menu.open}
        onToggleSideMenu={menu.toggle}
        onAbout={() => setAboutOpen(true)}
      />
      <Layout hasSider>
        <Layout.Sider
          id={SIDE_MENU_ID}
          width={SIDE_MENU_WIDTH}
          collapsedWidth={0}
          collapsed={!menu.open}
          trigger={null}
          theme="light"
          style={{
            background: token.colorBgLayout,
            borderInlineEnd: menu.open ? `1px solid ${token.colorBorderSecondary}` : undefined,
            position: overlay ? "fixed" : "sticky",
            top: overlay ? overlayTop : NAVBAR_HEIGHT,
            insetInlineStart: 0,
            height: `calc(100vh - ${overlay ? overlayTop : NAVBAR_HEIGHT}px)`,
            overflowY: "auto",
            zIndex: overlay ? 20 : undefined,
          }}
        >
          {menu.open ? (
            <nav aria-label="Главное меню">
              {user ? (
                <Suspense fallback={<PageSpinner />}>
                  <SideMenu
                    user={user}
                    pathname={pathname}
                    openKey={menu.section}
                    onOpenChange={menu.setSection}
                    pinned={menu.pinned}
                    onTogglePin={menu.togglePin}
                  />
                </Suspense>
              ) : (
                <PageSpinner />
              )}
            </nav>
          ) : null}
        </Layout.Sider>
        {overlay && menu.open ? (
          <div
            aria-hidden
            onClick={menu.toggle}
            style={{ position: "fixed", inset: `${overlayTop}px 0 0 0`, background: token.colorBgMask, zIndex: 19 }}
          />
        ) : null}
        <Layout>
          <Layout.Content style={{ padding: overlay ? 16 : 24, maxWidth: 1200, width: "100%", margin: "0 auto" }}>
            <Breadcrumbs />
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
          {footer ? <Footer user={user} /> : null}
        </Layout>
      </Layout>
      {aboutShown ? (
        <Suspense fallback={null}>
          <AboutDialog
            open={aboutOpen}
            onClose={() => setAboutOpen(false)}
            username={user?.username ?? readUsername()}
          />
        </Suspense>
      ) : null}
    </Layout>
  );
}
