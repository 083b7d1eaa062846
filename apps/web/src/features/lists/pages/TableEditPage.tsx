import { canManageLists } from "@nadoy/contract/roles";
import { Card, Flex, Typography } from "antd";
import { Navigate, useNavigate, useParams } from "react-router";
import { href } from "../../../shared/routes/href.ts";
import { AccessGate } from "../../../shared/ui/AccessGate.tsx";
import { ColumnsPanel } from "../components/ColumnsPanel.tsx";
import { CreateListForm } from "../components/CreateListForm.tsx";
import { FeatureGate } from "../components/FeatureGate.tsx";
import { ListGrid } from "../components/ListGrid.tsx";
import { ListHeader } from "../components/ListHeader.tsx";
import { ListLoader } from "../components/ListLoader.tsx";

/**
 * /services/tables-edit/:table_uuid? — without a uuid: a new table (name, company, columns), only
 * for those who may create one (canManageLists, as the server decides; others are told so instead
 * of being offered a form whose save is refused); with one: its name and columns (managers) above
 * its rows, with the bulk import in the grid's toolbar.
 */
export function TableEditPage() {
  const { table_uuid: uuid } = useParams();
  const navigate = useNavigate();
  return (
    <FeatureGate module="tables">
      {(user) =>
        uuid ? (
          <ListLoader uuid={uuid} back={{ to: href.tables(), label: "К таблицам" }}>
            {(list) =>
              list.kind === "list" ? (
                <Navigate to={href.list({ uuid: list.uuid })} replace />
              ) : (
                <Flex vertical gap={16}>
                  <ListHeader list={list} />
                  {list.can_manage ? (
                    <Card title="Структура таблицы" size="small">
                      <ColumnsPanel list={list} />
                    </Card>
                  ) : null}
                  <Card title="Данные" size="small">
                    <ListGrid list={list} />
                  </Card>
                </Flex>
              )
            }
          </ListLoader>
        ) : (
          <AccessGate
            allowed={canManageLists}
            title="Недостаточно прав"
            subTitle="Создавать таблицы могут сотрудники компании, кроме наблюдателей и клиентов."
          >
            {() => (
              <>
                <Typography.Title level={2} style={{ marginTop: 0 }}>
                  Новая таблица
                </Typography.Title>
                <Card style={{ maxWidth: 720 }}>
                  <CreateListForm
                    kind="table"
                    companies={user.user_companies}
                    onCancel={() => navigate(href.tables())}
                    onCreated={(list) => navigate(href.tablesEdit({ table_uuid: list.uuid }), { replace: true })}
                  />
                </Card>
              </>
            )}
          </AccessGate>
        )
      }
    </FeatureGate>
  );
}
