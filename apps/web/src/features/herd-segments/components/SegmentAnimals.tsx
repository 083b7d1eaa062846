import type { HerdSegment } from "@nadoy/contract/herd-segments";
import { Alert, Flex, Typography } from "antd";
import { useSearchParams } from "react-router";
import { AnimalCardDrawer } from "../../../shared/herd/AnimalCardDrawer.tsx";
import { AnimalsTable } from "../../../shared/herd/AnimalsTable.tsx";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { useSegmentAnimals } from "../api.ts";
import { SegmentFigures } from "./SegmentFigures.tsx";

/** A saved segment: its figures and its animals (page and open card in the URL), a row opens the card. */
export function SegmentAnimals({ dbUuid, segment }: { dbUuid: string; segment: HerdSegment }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const open = params.get("animal");
  const animals = useSegmentAnimals(dbUuid, { segment: segment.uuid, page }, true);
  const paramsOf = (nextPage: number, animal: string | null) => ({
    ...(nextPage > 1 ? { page: String(nextPage) } : {}),
    ...(animal ? { animal } : {}),
  });

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {segment.name}
      </Typography.Title>
      <SegmentFigures dbUuid={dbUuid} text={segment.text} />
      {animals.isError ? <Alert type="error" showIcon title={errorMessage(animals.error)} /> : null}
      <AnimalsTable
        page={animals.data}
        loading={animals.isFetching}
        onPage={(next) => setParams(paramsOf(next, null))}
        onOpen={(animal) => setParams(paramsOf(page, animal.uuid))}
      />
      <AnimalCardDrawer
        dbUuid={dbUuid}
        animalUuid={open}
        onClose={() => setParams(paramsOf(page, null), { replace: true })}
      />
    </Flex>
  );
}
