import { Card, Flex, Tag, Typography } from "antd";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { type AdminSection, adminSections } from "../lib/admin-sections.ts";

function SectionCard({ section }: { section: AdminSection }) {
  return (
    <Card size="small" style={{ width: 280, opacity: section.ready ? 1 : 0.6 }}>
      <Flex vertical gap={4}>
        {section.ready ? (
          <RouterLink to={section.path}>{section.title}</RouterLink>
        ) : (
          <Flex gap="small" align="center">
            <Typography.Text type="secondary" aria-disabled>
              {section.title}
            </Typography.Text>
            <Tag>скоро</Tag>
          </Flex>
        )}
        {section.description ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {section.description}
          </Typography.Text>
        ) : null}
      </Flex>
    </Card>
  );
}

/** /admin — every page of the admin area. */
export function AdminIndex() {
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ margin: 0 }}>
        Администрирование
      </Typography.Title>
      <Flex gap="middle" wrap>
        {adminSections().map((section) => (
          <SectionCard key={section.path} section={section} />
        ))}
      </Flex>
    </Flex>
  );
}
