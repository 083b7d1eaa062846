import { PushpinFilled, PushpinOutlined } from "@ant-design/icons";
import { Button, Flex } from "antd";

/** Keeps the side menu open on wide screens across pages and visits, or stops keeping it. */
export function PinToggle({ pinned, onToggle }: { pinned: boolean; onToggle: () => void }) {
  return (
    <Flex justify="flex-end" style={{ padding: "8px 12px 0" }}>
      <Button
        type="text"
        size="small"
        icon={pinned ? <PushpinFilled aria-hidden /> : <PushpinOutlined aria-hidden />}
        aria-pressed={pinned}
        onClick={onToggle}
      >
        {pinned ? "Открепить меню" : "Закрепить меню"}
      </Button>
    </Flex>
  );
}
