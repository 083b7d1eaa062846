import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Flex, Typography } from "antd";
import dayjs from "dayjs";
import { AttachmentList } from "../../../shared/attachments/AttachmentList.tsx";
import { isApiRequestError } from "../../../shared/lib/api-error.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useInstruction } from "../api.ts";
import { InstructionBody } from "./InstructionBody.tsx";

/** One article in the help drawer: back to the list, title, sanitised text, files to download. */
export function HelpArticle({ uuid, onBack }: { uuid: string; onBack: () => void }) {
  const article = useInstruction(uuid);
  return (
    <Flex vertical gap="middle">
      <div>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          К списку
        </Button>
      </div>
      {article.isPending ? <PageSpinner text="Загрузка…" /> : null}
      {article.isError ? (
        <Flex gap="small" align="center" wrap>
          <Typography.Text type="secondary">
            {isApiRequestError(article.error) && article.error.status === 404
              ? "Эта инструкция больше недоступна."
              : "Инструкция не загрузилась."}
          </Typography.Text>
          {isApiRequestError(article.error) && article.error.status === 404 ? null : (
            <Button size="small" onClick={() => void article.refetch()}>
              Повторить
            </Button>
          )}
        </Flex>
      ) : null}
      {article.data ? (
        <article aria-label={article.data.title}>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {article.data.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            Обновлена {dayjs(article.data.updated_at).format("DD.MM.YYYY")}
          </Typography.Text>
          <InstructionBody html={article.data.body} />
          {article.data.attachments.length > 0 ? (
            <section aria-label="Файлы">
              <Typography.Title level={5}>Файлы</Typography.Title>
              <AttachmentList attachments={article.data.attachments} label="Файлы инструкции" />
            </section>
          ) : null}
        </article>
      ) : null}
    </Flex>
  );
}
