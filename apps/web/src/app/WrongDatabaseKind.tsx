import { type DatabaseKind, wrongDatabaseKindText } from "@nadoy/contract/database-kinds";

import type { UserData } from "@nadoy/contract/users";
import { Result } from "antd";
import { href } from "../shared/routes/href.ts";
import { RouterButtonLink } from "../shared/ui/RouterButtonLink.tsx";

/** What DatabaseKindGate shows instead of a page of another kind of database. */
export function WrongDatabaseKind({
  database,
  wanted,
}: {
  database: UserData["user_databases"][number];
  wanted: DatabaseKind;
}) {
  return (
    <Result
      status="warning"
      title={wrongDatabaseKindText(database.kind, wanted)}
      subTitle={`База «${database.name}». Её разделы — в боковом меню.`}
      extra={
        <RouterButtonLink type="primary" to={href.home()}>
          На главную
        </RouterButtonLink>
      }
    />
  );
}
