import { ErrorText } from "@nadoy/contract/errors";
import { Button, Result } from "antd";
import { useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { useRunOnce } from "../../../shared/hooks/use-run-once.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useYandexSignIn } from "../api.ts";
import { takeYandexNext } from "../yandex-return.ts";
import { takeYandexState } from "../yandex-state.ts";

export function YandexRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useYandexSignIn();
  const [refused, setRefused] = useState(false);
  const [next, setNext] = useState<string | null>(null);

  useRunOnce(() => {
    const code = params.get("code");
    const state = params.get("state");
    const expected = takeYandexState();
    setNext(takeYandexNext());
    // A state we did not issue in this tab may be a forged redirect: never send it on.
    if (!code || !state || state !== expected) {
      setRefused(true);
      return;
    }
    signIn.mutate({ code, state });
  });

  if (signIn.isSuccess) return <Navigate to={next ?? href.home()} replace />;
  if (refused || signIn.isError) {
    return (
      <Result
        status="error"
        title={ErrorText.providerFailed}
        subTitle={signIn.isError ? errorMessage(signIn.error) : undefined}
        extra={
          <Button type="primary" onClick={() => navigate(href.login(), { replace: true })}>
            Вернуться ко входу
          </Button>
        }
      />
    );
  }
  return <PageSpinner text="Входим через Яндекс…" />;
}
