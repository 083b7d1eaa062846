import { Alert, Flex } from "antd";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { useYandexAuthorize } from "../api.ts";

/** `next`: the page to return to once Yandex sends the user back (kept for this tab). */
export function YandexSignInButton({ next }: { next: string | null }) {
  const authorize = useYandexAuthorize(next);
  return (
    <Flex vertical gap="small">
      <BusyButton block busy={authorize.isPending} onClick={() => authorize.mutate()}>
        Войти через Яндекс
      </BusyButton>
      {authorize.isError ? <Alert type="error" showIcon title={errorMessage(authorize.error)} /> : null}
    </Flex>
  );
}
