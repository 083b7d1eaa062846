import { ContentImageField } from "../../../shared/ui/ContentImageField.tsx";

const TEXT = {
  alt: "Картинка карточки",
  upload: "Загрузить картинку",
  replace: "Заменить картинку",
  remove: "Убрать картинку",
  file: "Файл картинки",
};

/** The picture of a report or group card as a form field (value: the uploaded image's uuid or null). */
export function CardImageField(props: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}) {
  return <ContentImageField {...props} text={TEXT} preview={{ width: 240, maxHeight: 140 }} />;
}
