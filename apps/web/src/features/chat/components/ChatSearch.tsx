import { CHAT_SEARCH_QUERY_MAX, type ChatMessage } from "@nadoy/contract/chat";
import { Empty, Input, List, Spin, Typography } from "antd";
import { useState } from "react";
import { useChatSearch } from "../api.ts";
import { messageFullDate } from "../chat-format.ts";

/** Search in the open chat: results by relevance; a click shows the message in the history. */
export function ChatSearch({ uuid, onOpen }: { uuid: string; onOpen: (message: ChatMessage) => void }) {
  const [query, setQuery] = useState("");
  const search = useChatSearch(uuid, query);
  return (
    <div style={{ padding: "8px 0" }}>
      <Input.Search
        aria-label="Поиск в чате"
        placeholder="Поиск в чате"
        allowClear
        maxLength={CHAT_SEARCH_QUERY_MAX}
        onSearch={(value) => setQuery(value.trim())}
      />
      {query ? (
        <section style={{ maxHeight: 240, overflowY: "auto", marginTop: 8 }} aria-label="Результаты поиска">
          {search.isLoading ? (
            <Spin />
          ) : search.isError ? (
            <Typography.Text type="danger">Не удалось выполнить поиск</Typography.Text>
          ) : (search.data ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Ничего не найдено" />
          ) : (
            <List
              size="small"
              dataSource={search.data}
              renderItem={(message) => (
                <List.Item
                  onClick={() => onOpen(message)}
                  style={{ cursor: "pointer" }}
                  data-search-result={message.id}
                >
                  <List.Item.Meta
                    title={`${message.sender_name} · ${messageFullDate(message.date)}`}
                    description={message.deleted ? "Сообщение удалено" : message.content}
                  />
                </List.Item>
              )}
            />
          )}
        </section>
      ) : null}
    </div>
  );
}
