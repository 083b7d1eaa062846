import { Flex, Typography } from "antd";
import { adminSections } from "../../../shared/routes/admin-sections.ts";
import { AdminSectionCards } from "../../../shared/ui/AdminSectionCards.tsx";
import { UsageGate } from "../components/UsageGate.tsx";

/** /admin-list-page — the index of the admin area (the same sections as /admin), for admins. */
export function AdminListPage() {
  return (
    <UsageGate>
      {() => (
        <Flex vertical gap="middle">
          <Typography.Title level={2} style={{ margin: 0 }}>
            Администрирование
          </Typography.Title>
          <AdminSectionCards sections={adminSections()} />
        </Flex>
      )}
    </UsageGate>
  );
}
