import { PRODUCT_NAME } from "@nadoy/contract/constants";
import type { UserData } from "@nadoy/contract/users";
import { Layout, theme } from "antd";

/** Spec §1 footer: the current year and the company (the user's first one, else the product). */
export function Footer({ user }: { user: UserData | undefined }) {
  const { token } = theme.useToken();
  const company = user?.user_companies[0]?.name ?? PRODUCT_NAME;
  return (
    <Layout.Footer
      style={{ textAlign: "center", color: token.colorTextSecondary, padding: "16px 24px" }}
      aria-label="Подвал"
    >
      {`© ${new Date().getFullYear()} ${company}`}
    </Layout.Footer>
  );
}
