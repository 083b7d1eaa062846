import { Collapse, Flex, theme } from "antd";
import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";
import { Text } from "../../../shared/ui/text.tsx";
import type { MenuLink, MenuSection } from "./build-side-menu.ts";
import { MENU_ICONS } from "./menu-icons.tsx";
import type { SideMenuVariantProps } from "./SideMenu.tsx";

function useTileStyle(active: boolean): CSSProperties {
  const { token } = theme.useToken();
  return {
    display: "flex",
    alignItems: "center",
    gap: 10,
    padding: "10px 14px",
    borderRadius: token.borderRadiusLG,
    border: `1px solid ${active ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
    background: active ? token.controlItemBgActive : token.colorBgContainer,
    color: active ? token.colorPrimary : token.colorText,
    boxShadow: token.boxShadowTertiary,
    textDecoration: "none",
  };
}

function CardLink({ link, icon, active }: { link: MenuLink; icon: ReactNode; active: boolean }) {
  return (
    <Link
      to={link.href}
      style={useTileStyle(active)}
      aria-current={active ? "page" : undefined}
      data-menu-entry={link.label}
    >
      {icon}
      <span>{link.label}</span>
    </Link>
  );
}

function SectionLink({ link, active }: { link: MenuLink; active: boolean }) {
  const { token } = theme.useToken();
  return (
    <Link
      to={link.href}
      aria-current={active ? "page" : undefined}
      style={{
        display: "block",
        padding: "4px 8px",
        borderRadius: token.borderRadiusSM,
        color: active ? token.colorPrimary : token.colorText,
        background: active ? token.controlItemBgActive : undefined,
      }}
    >
      {link.label}
    </Link>
  );
}

function SectionBody({ section, activeKey }: { section: MenuSection; activeKey: string | undefined }) {
  return (
    <Flex vertical gap={4}>
      {section.entries.map((entry) =>
        entry.kind === "link" ? (
          <SectionLink key={entry.key} link={entry} active={entry.key === activeKey} />
        ) : (
          <Flex key={entry.key} vertical gap={2} role="group" aria-label={entry.label}>
            <Text type="secondary" style={{ fontSize: 12, padding: "6px 8px 0" }}>
              {entry.label}
            </Text>
            {entry.links.map((link) => (
              <SectionLink key={link.key} link={link} active={link.key === activeKey} />
            ))}
          </Flex>
        ),
      )}
    </Flex>
  );
}

/** The card style (DEFAULT_MENU_STYLE "Card_menu"): a tile per link, a collapsible card per section. */
export function CardMenu({ items, openKey, onOpenChange, activeKey }: SideMenuVariantProps) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={8} style={{ padding: 12 }}>
      {items.map((item) =>
        item.kind === "link" ? (
          <CardLink key={item.key} link={item} icon={MENU_ICONS[item.icon]} active={item.key === activeKey} />
        ) : (
          <Collapse
            key={item.key}
            size="small"
            activeKey={openKey === item.key ? [item.key] : []}
            onChange={(keys) => onOpenChange(keys.includes(item.key) ? item.key : null)}
            style={{ background: token.colorBgContainer, boxShadow: token.boxShadowTertiary }}
            items={[
              {
                key: item.key,
                label: (
                  <Flex gap={10} align="center" data-menu-entry={item.label}>
                    {MENU_ICONS[item.icon]}
                    <span>{item.label}</span>
                  </Flex>
                ),
                children: <SectionBody section={item} activeKey={activeKey} />,
              },
            ]}
          />
        ),
      )}
    </Flex>
  );
}
