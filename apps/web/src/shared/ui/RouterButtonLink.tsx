import { Button, type ButtonProps } from "antd";
import { useHref, useLinkClickHandler } from "react-router";

/** An antd button that is a link (an <a>, so «open in new tab» works) navigating inside the app. */
export function RouterButtonLink({ to, ...props }: Omit<ButtonProps, "href" | "onClick"> & { to: string }) {
  const resolved = useHref(to);
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return <Button {...props} href={resolved} onClick={onClick} />;
}
