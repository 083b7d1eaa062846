import "./help-drawer.css";
import { SearchOutlined } from "@ant-design/icons";
import { INSTRUCTION_SEARCH_MAX } from "@nadoy/contract/instructions";
import { Button, Drawer, Empty, Flex, Input, Spin, Typography, theme } from "antd";
import { useState } from "react";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "../../../shared/hooks/use-debounced-value.ts";
import { useInstructions } from "../api.ts";
import { HelpArticle } from "./HelpArticle.tsx";

interface HelpDrawerProps {
  open: boolean;
  onClose: () => void;
}

function HelpList({ open, onOpen }: { open: boolean; onOpen: (uuid: string) => void }) {
  const { token } = theme.useToken();
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useInstructions(q, open);
  const items = list.data ?? [];

  return (
    <Flex vertical gap="middle">
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Поиск по инструкциям"
        aria-label="Поиск по инструкциям"
        maxLength={INSTRUCTION_SEARCH_MAX}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {list.isPending ? (
        <Spin />
      ) : list.isError ? (
        <Flex gap="small" align="center">
          <Typography.Text type="secondary">Инструкции не загрузились.</Typography.Text>
          <Button size="small" onClick={() => void list.refetch()}>
            Повторить
          </Button>
        </Flex>
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={q ? "Ничего не нашлось" : "Инструкций пока нет"} />
      ) : (
        <ul aria-label="Инструкции" aria-busy={list.isFetching} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {items.map((item) => (
            <li key={item.uuid} style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
              <button type="button" className="help-item" onClick={() => onOpen(item.uuid)}>
                <Typography.Text strong style={{ display: "block", color: token.colorLink }}>
                  {item.title}
                </Typography.Text>
                {item.snippet ? (
                  <Typography.Text type="secondary" style={{ display: "block", fontSize: 13 }}>
                    {item.snippet}
                  </Typography.Text>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}

/**
 * The help drawer of the navbar: the caller's articles with a search over titles and text; an
 * article opens in place, with a way back to the list (which keeps its search).
 */
export function HelpDrawer({ open, onClose }: HelpDrawerProps) {
  const [article, setArticle] = useState<string | null>(null);
  return (
    <Drawer open={open} onClose={onClose} size="large" title="Инструкции">
      <div hidden={article !== null}>
        <HelpList open={open && article === null} onOpen={setArticle} />
      </div>
      {article ? <HelpArticle uuid={article} onBack={() => setArticle(null)} /> : null}
    </Drawer>
  );
}
