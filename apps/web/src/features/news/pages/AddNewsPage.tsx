import { Flex, Typography } from "antd";
import { href } from "../../../shared/routes/href.ts";
import { RouterLink } from "../../../shared/ui/RouterLink.tsx";
import { EditorsGate } from "../components/EditorsGate.tsx";
import { NewsForm } from "../components/NewsForm.tsx";

/** /add-news — a new item, saved as a draft (then edited on /news-edit/:id). */
export function AddNewsPage() {
  return (
    <EditorsGate>
      {(user) => (
        <Flex vertical gap="middle">
          <RouterLink to={href.manageNews()}>← Все новости</RouterLink>
          <Typography.Title level={2} style={{ margin: 0 }}>
            Новая новость
          </Typography.Title>
          <NewsForm user={user} />
        </Flex>
      )}
    </EditorsGate>
  );
}
