import { Divider, Typography } from "antd";
import { messageDayLabel } from "../chat-days.ts";

/** The line between the messages of two days: «Сегодня», «Вчера», «25 ноября». */
export function DaySeparator({ iso }: { iso: string }) {
  return (
    <Divider plain style={{ margin: "4px 0" }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {messageDayLabel(iso)}
      </Typography.Text>
    </Divider>
  );
}
