import { Typography } from "antd";
import type { ReactNode } from "react";
import { useHref, useLinkClickHandler } from "react-router";

/** An antd-styled link that navigates inside the app without reloading it. */
export function RouterLink({ to, children }: { to: string; children: ReactNode }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return (
    <Typography.Link href={href} onClick={onClick}>
      {children}
    </Typography.Link>
  );
}
