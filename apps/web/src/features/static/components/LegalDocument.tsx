import { Typography } from "antd";
import { href } from "../../../shared/routes/href.ts";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";

export interface LegalSection {
  heading: string;
  /** Paragraphs, or a list when given as { items }. */
  body: (string | { items: string[] })[];
}

/** A legal text: title, edition date, numbered sections. */
export function LegalDocument({
  title,
  edition,
  sections,
}: {
  title: string;
  edition: string;
  sections: LegalSection[];
}) {
  return (
    <Typography>
      <Typography.Title level={2}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">Редакция от {edition}</Typography.Paragraph>
      {sections.map((section, index) => (
        <section key={section.heading}>
          <Typography.Title level={4}>{`${index + 1}. ${section.heading}`}</Typography.Title>
          {section.body.map((part) =>
            typeof part === "string" ? (
              <Typography.Paragraph key={part}>{part}</Typography.Paragraph>
            ) : (
              <ul key={part.items.join("|")}>
                {part.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
      <RouterLink to={href.home()}>На главную</RouterLink>
    </Typography>
  );
}
