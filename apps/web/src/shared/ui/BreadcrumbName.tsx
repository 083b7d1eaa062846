import { useBreadcrumbItem } from "../lib/breadcrumb-item.ts";

/** Names the page's item in the shell's breadcrumbs («Главная / Списки / <name>») while rendered. */
export function BreadcrumbName({ name, section }: { name: string; section?: { title: string; href: string } }) {
  useBreadcrumbItem(name, section);
  return null;
}
