import type { HerdAnimalsQuery } from "@nadoy/contract/herd";
import { Alert, Flex, Typography } from "antd";
import { useCallback, useMemo } from "react";
import { useParams, useSearchParams } from "react-router";
import { AnimalCardDrawer } from "../../../shared/herd/AnimalCardDrawer.tsx";
import { AnimalsTable } from "../../../shared/herd/AnimalsTable.tsx";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { BreadcrumbName } from "../../../shared/ui/BreadcrumbName.tsx";
import { useHerdAnimals } from "../api.ts";
import { AnimalFilters } from "../components/AnimalFilters.tsx";
import { animalsParamsOf, animalsQueryOf } from "../lib/animals-url.ts";

/**
 * /user-pages/datasets/:uuid — the animals of one herd database: filters, page and the open card in
 * the URL (a link reproduces the view), server paging, a row opens the animal's card.
 */
export function HerdAnimalsPage() {
  const { uuid = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => animalsQueryOf(params), [params]);
  const animals = useHerdAnimals(uuid, query);
  // The open card is in the URL too (?animal=<uuid>): a link shows the same animal.
  const open = params.get("animal");
  const name = useUserData().data?.user_databases.find((db) => db.uuid === uuid)?.name;

  const setQuery = useCallback((next: HerdAnimalsQuery) => setParams(animalsParamsOf(next)), [setParams]);
  const setOpen = (animal: string | null) =>
    setParams({ ...animalsParamsOf(query), ...(animal ? { animal } : {}) }, { replace: animal === null });

  return (
    <Flex vertical gap="middle">
      {name ? <BreadcrumbName name={name} section={{ title: "Наборы данных", href: href.datasets() }} /> : null}
      <Typography.Title level={2} style={{ margin: 0 }}>
        {name ? `Животные: ${name}` : "Животные"}
      </Typography.Title>
      <AnimalFilters query={query} onChange={setQuery} />
      {animals.isError ? <Alert type="error" showIcon title={errorMessage(animals.error)} /> : null}
      <AnimalsTable
        page={animals.data}
        loading={animals.isFetching}
        onPage={(page) => setQuery({ ...query, page })}
        onOpen={(animal) => setOpen(animal.uuid)}
      />
      <AnimalCardDrawer dbUuid={uuid} animalUuid={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
