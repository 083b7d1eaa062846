import type { HerdReportNumber } from "@nadoy/contract/herd-reports";
import { Alert, Drawer } from "antd";
import { useState } from "react";
import { AnimalsTable } from "../../../shared/herd/AnimalsTable.tsx";
import { animalsCount } from "../../../shared/herd/animals-count.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { useHerdReportAnimals } from "../api.ts";
import type { ReportDrill } from "../lib/report-format.ts";

interface DrillDrawerProps {
  dbUuid: string;
  n: HerdReportNumber;
  /** The number clicked; null keeps the drawer closed. */
  drill: ReportDrill | null;
  onClose: () => void;
  onOpenAnimal: (animalUuid: string) => void;
}

/**
 * The animals behind a clicked number, page by page; a row opens the animal's card. The title says
 * how many animals: the number clicked when it counts animals, else (calvings, cases, dry-offs)
 * the list's own total, which may be fewer.
 */
export function DrillDrawer({ dbUuid, n, drill, onClose, onOpenAnimal }: DrillDrawerProps) {
  // The page belongs to the number it was turned for: another number starts at its first page.
  const [paged, setPaged] = useState<{ drill: string | null; page: number }>({ drill: null, page: 1 });
  const page = paged.drill === drill?.drill ? paged.page : 1;
  const setPage = (next: number) => setPaged({ drill: drill?.drill ?? null, page: next });
  const animals = useHerdReportAnimals(dbUuid, n, drill?.drill ?? null, page);
  const count = drill?.animals ? (drill.value ?? animals.data?.total) : animals.data?.total;
  return (
    <Drawer
      open={drill !== null}
      onClose={onClose}
      size="large"
      title={drill ? `${drill.label}${count !== undefined && count !== null ? ` — ${animalsCount(count)}` : ""}` : ""}
      destroyOnHidden
    >
      {animals.isError ? <Alert type="error" showIcon title={errorMessage(animals.error)} /> : null}
      <AnimalsTable
        page={animals.data}
        loading={animals.isFetching}
        onPage={setPage}
        onOpen={(animal) => onOpenAnimal(animal.uuid)}
      />
    </Drawer>
  );
}
