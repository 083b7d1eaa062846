import { Tabs } from "antd";
import { useState } from "react";
import { Navigate, useParams } from "react-router";
import { useConfirmLeave } from "../../../shared/hooks/use-unsaved-changes-guard.ts";
import { href } from "../../../shared/routes/href.ts";
import { BreadcrumbName } from "../../../shared/ui/BreadcrumbName.tsx";
import { ColumnsPanel } from "../components/ColumnsPanel.tsx";
import { FeatureGate } from "../components/FeatureGate.tsx";
import { ListGrid } from "../components/ListGrid.tsx";
import { ListHeader } from "../components/ListHeader.tsx";
import { ListLoader } from "../components/ListLoader.tsx";
import { FormBuilderPanel } from "../form-builder/FormBuilderPanel.tsx";

/**
 * /lists/:uuid — one list: «Данные» (the grid), and for managers «Столбцы» (the schema) and
 * «Форма» (the public form builder). A table opened here goes to its editor page.
 */
export function ListPage() {
  const { uuid = "" } = useParams();
  const [tab, setTab] = useState("data");
  // The tabs are destroyed when hidden: leaving one with unsaved changes (a form draft) asks first.
  const confirmLeave = useConfirmLeave();
  return (
    <FeatureGate module="lists">
      {() => (
        <ListLoader uuid={uuid} back={{ to: href.lists(), label: "К спискам" }}>
          {(list) =>
            list.kind === "table" ? (
              <Navigate to={href.tablesEdit({ table_uuid: list.uuid })} replace />
            ) : (
              <>
                <BreadcrumbName name={list.name} section={{ title: "Списки", href: href.lists() }} />
                <ListHeader list={list} />
                <Tabs
                  destroyOnHidden
                  activeKey={tab}
                  onChange={(key) => confirmLeave(() => setTab(key))}
                  items={[
                    { key: "data", label: "Данные", children: <ListGrid list={list} /> },
                    ...(list.can_manage
                      ? [
                          { key: "columns", label: "Столбцы", children: <ColumnsPanel list={list} /> },
                          { key: "form", label: "Форма", children: <FormBuilderPanel list={list} /> },
                        ]
                      : []),
                  ]}
                />
              </>
            )
          }
        </ListLoader>
      )}
    </FeatureGate>
  );
}
