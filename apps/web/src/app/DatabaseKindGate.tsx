import type { DatabaseKind } from "@nadoy/contract/users";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { useUserData } from "../shared/hooks/use-user-data.ts";
import { WrongDatabaseKind } from "./PlaceholderPage.tsx";

/**
 * A page of one user database (`:uuid`) that only databases of `kind` have. Opened for one of the
 * user's databases of another kind (a link kept from before an admin changed the kind, a typed
 * URL), it says what that database is instead of showing the page. Anything else — a database the
 * user does not have, the demo pages — is the page's own business. Loaded lazily by the router;
 * the message shares the placeholder page's chunk (the same antd Result).
 */
export function DatabaseKindGate({ kind, children }: { kind: DatabaseKind; children: ReactNode }) {
  const { uuid } = useParams();
  const database = useUserData().data?.user_databases.find((db) => db.uuid === uuid);
  if (!database || database.kind === kind) return children;
  return <WrongDatabaseKind database={database} wanted={kind} />;
}
