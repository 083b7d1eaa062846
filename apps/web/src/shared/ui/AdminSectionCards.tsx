import { Card, Flex, Tag, Typography } from "antd";
import type { AdminSection } from "../routes/admin-sections.ts";
import { RouterLink } from "./RouterLink.tsx";

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
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {section.description}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** The admin area's sections as cards: a link and a line each, planned ones marked «скоро». */
export function AdminSectionCards({ sections }: { sections: readonly AdminSection[] }) {
  return (
    <Flex gap="middle" wrap>
      {sections.map((section) => (
        <SectionCard key={section.path} section={section} />
      ))}
    </Flex>
  );
}
