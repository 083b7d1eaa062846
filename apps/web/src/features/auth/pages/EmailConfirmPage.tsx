import { Button, Result } from "antd";
import { useNavigate, useParams } from "react-router";
import { useRunOnce } from "../../../shared/hooks/use-run-once.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useEmailChangeConfirm } from "../api.ts";

/**
 * /email-confirm/:token — the link mailed to a new address. Following it is what changes the
 * account's email (POST users/change_email/confirm/); it works once, in any browser.
 */
export function EmailConfirmPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const confirm = useEmailChangeConfirm();
  useRunOnce(() => confirm.mutate(token));

  const toHome = (
    <Button type="primary" onClick={() => navigate(href.home())}>
      На главную
    </Button>
  );
  if (confirm.isSuccess) {
    return <Result status="success" title="Новый адрес подтверждён" subTitle={confirm.data.detail} extra={toHome} />;
  }
  if (confirm.isError) {
    return (
      <Result
        status="error"
        title="Не удалось подтвердить адрес"
        subTitle={errorMessage(confirm.error)}
        extra={toHome}
      />
    );
  }
  return <PageSpinner text="Подтверждаем новый адрес…" />;
}
