import { Typography } from "antd";
import { DatasetsView } from "../components/DatasetsView.tsx";

/** /user-pages/datasets — what each of the user's herd databases holds. */
export function DatasetsPage() {
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Наборы данных
      </Typography.Title>
      <DatasetsView />
    </>
  );
}
