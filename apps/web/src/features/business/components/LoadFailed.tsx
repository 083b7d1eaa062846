import { Button, Flex, Result, Typography } from "antd";
import { isApiRequestError } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";

/** A list or a card that did not load: what, and a retry. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Flex gap="small" align="center">
      <Typography.Text type="secondary">{what}</Typography.Text>
      <Button size="small" onClick={onRetry}>
        Повторить
      </Button>
    </Flex>
  );
}

/** «Not found» with a way back to the companies. */
export function NotFound({ title }: { title: string }) {
  return (
    <Result
      status="404"
      title={title}
      subTitle="Возможно, её уже удалили или ссылка неверна."
      extra={
        <RouterButtonLink type="primary" to={href.businessPages()}>
          К списку компаний
        </RouterButtonLink>
      }
    />
  );
}

/** A company or farm page whose object failed: «not found» for a 404 (or 400: a bad uuid), else a retry. */
export function PageLoadFailed({
  error,
  notFound,
  what,
  onRetry,
}: {
  error: unknown;
  /** «Компания не найдена». */
  notFound: string;
  /** «Компания не загрузилась.» */
  what: string;
  onRetry: () => void;
}) {
  if (isApiRequestError(error) && (error.status === 404 || error.status === 400)) return <NotFound title={notFound} />;
  return <LoadFailed what={what} onRetry={onRetry} />;
}
