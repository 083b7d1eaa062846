import { Alert, Flex } from "antd";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { BusyButton } from "../../../shared/ui/BusyButton.tsx";
import { useYandexAuthorize } from "../api.ts";

export function YandexSignInButton() {
  const authorize = useYandexAuthorize();
  return (
    <Flex vertical gap="small">
      <BusyButton block busy={authorize.isPending} onClick={() => authorize.mutate()}>
        Войти через Яндекс
      </BusyButton>
      {authorize.isError ? <Alert type="error" showIcon title={errorMessage(authorize.error)} /> : null}
    </Flex>
  );
}
