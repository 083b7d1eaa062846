import type { HerdAnimalCard } from "@nadoy/contract/herd";
import { Descriptions } from "antd";
import { HerdStatusTag } from "./HerdStatusTag.tsx";
import { formatDay, formatNumber, NONE } from "./herd-format.ts";

const text = (value: string | null) => value || NONE;

/** The card's head: who the animal is and where it is now. */
export function AnimalSummary({ animal }: { animal: HerdAnimalCard }) {
  const left = animal.exit_date !== null;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      items={[
        { key: "number", label: "Номер", children: animal.barn_number },
        { key: "tag", label: "Ушная бирка", children: text(animal.ear_tag) },
        { key: "birth", label: "Дата рождения", children: formatDay(animal.birth_date) },
        { key: "breed", label: "Порода", children: text(animal.breed) },
        {
          key: "status",
          label: "Статус",
          children: <HerdStatusTag status={animal.status} />,
        },
        { key: "lact", label: "Лактация", children: formatNumber(animal.lact) },
        { key: "dim", label: "ДИМ (дни доения)", children: formatNumber(animal.dim) },
        { key: "pen", label: "Группа", children: text(animal.pen) },
        { key: "fresh", label: "Дата отёла", children: formatDay(animal.fresh_date) },
        { key: "sire", label: "Отец", children: text(animal.sire) },
        { key: "dam", label: "Мать", children: text(animal.dam) },
        ...(left
          ? [
              { key: "exit", label: "Дата выбытия", children: formatDay(animal.exit_date) },
              { key: "reason", label: "Причина выбытия", children: text(animal.exit_reason) },
            ]
          : []),
      ]}
    />
  );
}
