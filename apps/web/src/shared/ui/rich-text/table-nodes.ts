import { Node } from "@tiptap/react";

// News and instructions may hold tables (the seeded ones do). These nodes only keep a table as it
// is, so that editing the text around it (or in its cells) does not drop it; the toolbar has no
// table commands. Rendered exactly as the server's sanitiser writes them (no extra attributes).

const span = (name: "colspan" | "rowspan") => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(name),
  renderHTML: (attributes: Record<string, unknown>) => (attributes[name] ? { [name]: attributes[name] } : {}),
});

const cell = (name: string, tag: "th" | "td") =>
  Node.create({
    name,
    group: "tableCell",
    content: "inline*",
    isolating: true,
    addAttributes: () => ({ colspan: span("colspan"), rowspan: span("rowspan") }),
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });

const section = (name: string, tag: "thead" | "tbody") =>
  Node.create({
    name,
    group: "tableSection",
    content: "tableRow+",
    parseHTML: () => [{ tag }],
    renderHTML: () => [tag, 0],
  });

const TableRow = Node.create({
  name: "tableRow",
  content: "tableCell+",
  parseHTML: () => [{ tag: "tr" }],
  renderHTML: () => ["tr", 0],
});

const Table = Node.create({
  name: "table",
  group: "block",
  content: "tableSection+",
  isolating: true,
  parseHTML: () => [{ tag: "table" }],
  renderHTML: () => ["table", 0],
});

export const TABLE_NODES = [
  Table,
  section("tableHead", "thead"),
  section("tableBody", "tbody"),
  TableRow,
  cell("tableHeader", "th"),
  cell("tableData", "td"),
];
