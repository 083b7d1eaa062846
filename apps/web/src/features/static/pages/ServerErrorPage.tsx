import { Button, Flex, Result } from "antd";
import { useNavigate } from "react-router";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";

export function ServerErrorPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="500"
      title="Ошибка сервера"
      subTitle="Сервер не смог выполнить запрос. Попробуйте повторить действие немного позже."
      extra={
        <Flex gap="small" justify="center" wrap>
          <Button onClick={() => navigate(-1)}>Вернуться назад</Button>
          <RouterButtonLink type="primary" to={href.home()}>
            На главную
          </RouterButtonLink>
        </Flex>
      }
    />
  );
}
