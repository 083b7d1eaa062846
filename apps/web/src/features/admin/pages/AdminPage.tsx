import { ToolOutlined } from "@ant-design/icons";
import { Result } from "antd";
import { useParams } from "react-router";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { AdminGate } from "../components/AdminGate.tsx";
import { AdminIndex } from "../components/AdminIndex.tsx";
import { AuditLog } from "../components/AuditLog.tsx";
import { ADMIN_SUBPAGES } from "../lib/admin-sections.ts";
import { ManageRolesPage } from "./ManageRolesPage.tsx";
import { ManageUsersPage } from "./ManageUsersPage.tsx";

const backToAdmin = (
  <RouterButtonLink type="primary" to={href.admin()}>
    К администрированию
  </RouterButtonLink>
);

function subpageOf(page: string): (typeof ADMIN_SUBPAGES)[keyof typeof ADMIN_SUBPAGES] | undefined {
  return Object.hasOwn(ADMIN_SUBPAGES, page) ? ADMIN_SUBPAGES[page as keyof typeof ADMIN_SUBPAGES] : undefined;
}

function AdminArea({ page }: { page: string | undefined }) {
  if (page === undefined) return <AdminIndex />;
  const subpage = subpageOf(page);
  if (subpage === "audit") return <AuditLog />;
  if (subpage === "planned") {
    return (
      <Result
        icon={<ToolOutlined />}
        title="Раздел в разработке"
        subTitle="Он появится в одном из следующих обновлений портала."
        extra={backToAdmin}
      />
    );
  }
  return <Result status="404" title="Раздел не найден" subTitle={`Раздела «${page}» нет.`} extra={backToAdmin} />;
}

/**
 * /admin/:page? — the index of the admin area (no page), its users and roles under their old
 * addresses (manage_user, manage_roles), the audit log (audit); anything else is not found.
 */
export function AdminPage() {
  const { page } = useParams();
  const subpage = page === undefined ? undefined : subpageOf(page);
  if (subpage === "users") return <ManageUsersPage />;
  if (subpage === "roles") return <ManageRolesPage />;
  return <AdminGate>{() => <AdminArea page={page} />}</AdminGate>;
}
