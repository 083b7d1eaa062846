import { ContentImageField } from "../../../shared/ui/ContentImageField.tsx";

const TEXT = {
  alt: "Обложка",
  upload: "Загрузить обложку",
  replace: "Заменить обложку",
  remove: "Убрать обложку",
  file: "Файл обложки",
};

/** The cover image of a news item as a form field (value: the uploaded image's uuid or null). */
export function CoverField(props: { id?: string; value?: string | null; onChange?: (value: string | null) => void }) {
  return <ContentImageField {...props} text={TEXT} preview={{ width: 360, maxHeight: 200 }} />;
}
