import { Flex, Result } from "antd";
import { href } from "../../../shared/routes/href.ts";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";

/** «Проверьте почту» after a letter was sent: the server's text, then the code page or back to login. */
export function CheckMailResult({ detail, status }: { detail: string; status: "success" | "info" }) {
  return (
    <Result
      status={status}
      title="Проверьте почту"
      subTitle={detail}
      extra={
        <Flex vertical gap="small" align="center">
          <RouterLink to={href.tokenConfirm()}>Ввести код из письма</RouterLink>
          <RouterLink to={href.login()}>Вернуться ко входу</RouterLink>
        </Flex>
      }
    />
  );
}
