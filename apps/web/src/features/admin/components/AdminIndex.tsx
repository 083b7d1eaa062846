import { Flex, Typography } from "antd";
import { adminSections } from "../../../shared/routes/admin-sections.ts";
import { AdminSectionCards } from "../../../shared/ui/AdminSectionCards.tsx";

/** /admin — every page of the admin area («Панель администратора» of the side menu). */
export function AdminIndex() {
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ margin: 0 }}>
        Администрирование
      </Typography.Title>
      <AdminSectionCards sections={adminSections()} />
    </Flex>
  );
}
