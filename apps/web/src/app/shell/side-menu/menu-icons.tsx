import {
  AppstoreOutlined,
  BarChartOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HomeOutlined,
  NotificationOutlined,
  ProjectOutlined,
  SettingOutlined,
  SwapOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import type { ReactNode } from "react";
import type { MenuIcon } from "./build-side-menu.ts";

export const MENU_ICONS: Record<MenuIcon, ReactNode> = {
  home: <HomeOutlined aria-hidden />,
  reports: <FileTextOutlined aria-hidden />,
  herd: <BarChartOutlined aria-hidden />,
  monitoring: <DashboardOutlined aria-hidden />,
  services: <AppstoreOutlined aria-hidden />,
  boards: <ProjectOutlined aria-hidden />,
  lists: <UnorderedListOutlined aria-hidden />,
  transfer: <SwapOutlined aria-hidden />,
  admin: <SettingOutlined aria-hidden />,
  content: <NotificationOutlined aria-hidden />,
};
