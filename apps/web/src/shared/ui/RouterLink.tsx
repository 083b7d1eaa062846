import type { ReactNode } from "react";
import { useHref, useLinkClickHandler } from "react-router";
import "./router-link.css";

/** An antd-styled link that navigates inside the app without reloading it. */
export function RouterLink({ to, children }: { to: string; children: ReactNode }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <a className="nadoy-link" href={href} onClick={onClick}>
      {children}
    </a>
  );
}
