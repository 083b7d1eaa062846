import { Button, Result } from "antd";
import { useNavigate, useParams } from "react-router";
import { useRunOnce } from "../../../shared/hooks/use-run-once.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useRegistrationConfirm } from "../api.ts";

export function RegistrationConfirmPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const confirm = useRegistrationConfirm();
  useRunOnce(() => confirm.mutate(token));

  const toLogin = (
    <Button type="primary" onClick={() => navigate(href.login())}>
      Войти
    </Button>
  );
  if (confirm.isSuccess) {
    return <Result status="success" title="Регистрация подтверждена" subTitle={confirm.data.detail} extra={toLogin} />;
  }
  if (confirm.isError) {
    return (
      <Result
        status="error"
        title="Не удалось подтвердить регистрацию"
        subTitle={errorMessage(confirm.error)}
        extra={toLogin}
      />
    );
  }
  return <PageSpinner text="Подтверждаем регистрацию…" />;
}
