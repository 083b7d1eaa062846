import { useQueryClient } from "@tanstack/react-query";
import { Button, Flex, Result } from "antd";
import { useNavigate } from "react-router";
import { useRunOnce } from "../../../shared/hooks/use-run-once.ts";
import { isApiRequestError } from "../../../shared/lib/api-error.ts";
import { readAccessToken, readRefreshToken } from "../../../shared/lib/browser-storage.ts";
import { signOutLocally } from "../../../shared/lib/sign-out.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useLogout } from "../api.ts";

export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();

  useRunOnce(() => {
    // Nothing to revoke on the server: only this browser's data is left to clear.
    if (readAccessToken() === null || readRefreshToken() === null) void signOutLocally(queryClient);
    else logout.mutate();
  });

  // A 401 runs the token flow, which reloads this page or goes to /login by itself.
  const failed = logout.isError && !(isApiRequestError(logout.error) && logout.error.status === 401);
  if (!failed) return <PageSpinner text="Выход…" />;
  return (
    <Result
      status="warning"
      title="Не удалось выйти"
      subTitle="Сеанс не завершён. Попробуйте ещё раз."
      extra={
        <Flex gap="small" justify="center">
          <Button type="primary" onClick={() => logout.mutate()}>
            Повторить
          </Button>
          <Button onClick={() => navigate(href.home())}>На главную</Button>
        </Flex>
      }
    />
  );
}
