import { Empty } from "antd";
import { href } from "../../../shared/routes/href.ts";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";

/** A database without animals: the report has nothing to count until data is uploaded. */
export function NoAnimals() {
  return (
    <Empty
      description={
        <>
          В базе ещё нет животных. Загрузите данные DairyComp 305 на странице{" "}
          <RouterLink to={href.dc305Upload()}>«Загрузка DairyComp 305»</RouterLink>.
        </>
      }
    />
  );
}
