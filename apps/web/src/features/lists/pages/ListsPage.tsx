import { Typography } from "antd";
import { FeatureGate } from "../components/FeatureGate.tsx";
import { ListsCatalogue } from "../components/ListsCatalogue.tsx";

/** /lists — the user's lists (module flag table_lists). */
export function ListsPage() {
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Списки
      </Typography.Title>
      <FeatureGate module="lists">{(user) => <ListsCatalogue kind="list" user={user} />}</FeatureGate>
    </>
  );
}
