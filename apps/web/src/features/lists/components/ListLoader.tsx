import type { ListDetail } from "@nadoy/contract/lists";
import { Button, Result } from "antd";
import type { ReactNode } from "react";
import { errorMessage, isApiRequestError } from "../../../shared/lib/api-error.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { useList } from "../api.ts";

interface ListLoaderProps {
  uuid: string;
  /** Where «back» leads when the list is missing. */
  back: { to: string; label: string };
  children: (list: ListDetail) => ReactNode;
}

/** Loads one list; a spinner first, «не найден» for 404 (and a malformed address), a retry for others. */
export function ListLoader({ uuid, back, children }: ListLoaderProps) {
  const list = useList(uuid);
  // A refetch that fails keeps showing the rows already loaded (its toast-free retry comes next tick).
  if (list.data) return children(list.data);
  if (list.isPending) return <PageSpinner text="Загрузка…" />;
  const status = isApiRequestError(list.error) ? list.error.status : 0;
  if (status === 404 || status === 400) {
    return (
      <Result
        status="404"
        title="Не найдено"
        subTitle="Такого списка нет или у вас нет к нему доступа."
        extra={<RouterButtonLink to={back.to}>{back.label}</RouterButtonLink>}
      />
    );
  }
  return (
    <Result
      status="error"
      title="Не удалось загрузить"
      subTitle={errorMessage(list.error)}
      extra={<Button onClick={() => void list.refetch()}>Повторить</Button>}
    />
  );
}
