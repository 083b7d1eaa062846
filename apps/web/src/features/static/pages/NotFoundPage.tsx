import { Result } from "antd";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="Страница не найдена"
      subTitle="Такой страницы нет. Проверьте адрес или вернитесь на главную."
      extra={
        <RouterButtonLink type="primary" to={href.home()}>
          На главную
        </RouterButtonLink>
      }
    />
  );
}
