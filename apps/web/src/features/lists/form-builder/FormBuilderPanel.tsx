import type { ListDetail } from "@nadoy/contract/lists";

/** The form builder of a list (its «Форма» tab). Placeholder until the builder lands. */
export function FormBuilderPanel({ list }: { list: ListDetail }) {
  return <p>Редактор формы списка «{list.name}» в разработке.</p>;
}
