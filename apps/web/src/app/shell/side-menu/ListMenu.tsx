import { Menu, type MenuProps } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MenuItem, MenuLink } from "./build-side-menu.ts";
import { MENU_ICONS } from "./menu-icons.tsx";
import type { SideMenuVariantProps } from "./SideMenu.tsx";

type AntItem = NonNullable<MenuProps["items"]>[number];

/** The plain list style: an inline antd menu. */
export function ListMenu({ items, openKey, onOpenChange, activeKey }: SideMenuVariantProps) {
  const linkItem = (link: MenuLink, options: { icon?: ReactNode; topLevel?: boolean } = {}): AntItem => ({
    key: link.key,
    icon: options.icon,
    label: (
      <Link
        to={link.href}
        aria-current={link.key === activeKey ? "page" : undefined}
        data-menu-entry={options.topLevel ? link.label : undefined}
      >
        {link.label}
      </Link>
    ),
  });

  const toAntItem = (item: MenuItem): AntItem => {
    if (item.kind === "link") return linkItem(item, { icon: MENU_ICONS[item.icon], topLevel: true });
    return {
      key: item.key,
      icon: MENU_ICONS[item.icon],
      label: <span data-menu-entry={item.label}>{item.label}</span>,
      children: item.entries.map((entry) =>
        entry.kind === "link"
          ? linkItem(entry)
          : { type: "group", key: entry.key, label: entry.label, children: entry.links.map((l) => linkItem(l)) },
      ),
    };
  };

  return (
    <Menu
      mode="inline"
      items={items.map(toAntItem)}
      openKeys={openKey ? [openKey] : []}
      onOpenChange={(keys) => onOpenChange(keys.find((key) => key !== openKey) ?? null)}
      selectedKeys={activeKey ? [activeKey] : []}
      style={{ borderInlineEnd: "none", background: "transparent" }}
    />
  );
}
