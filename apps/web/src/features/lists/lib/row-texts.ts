import { pluralRu } from "@nadoy/contract/plural";

// The counted «строка» in each case a sentence needs it (spec §9 plural helper).
const ROWS = ["строка", "строки", "строк"] as const;
const ROWS_ACCUSATIVE = ["строку", "строки", "строк"] as const;

/** «1 строка», «3 строки», «12 строк». */
export const rowsText = (count: number) => `${count} ${pluralRu(count, ROWS)}`;

/** «Удалить 1 строку?», «Удалить 3 строки?». */
export const deleteRowsQuestion = (count: number) => `Удалить ${count} ${pluralRu(count, ROWS_ACCUSATIVE)}?`;

/** The import preview's title: «Первая строка файла», «Первые 3 строки файла». */
export const previewTitle = (count: number) =>
  count === 1 ? "Первая строка файла" : `Первые ${rowsText(count)} файла`;

/** The replace warning: «Единственная строка списка будет заменена…», «Все 3 строки списка будут заменены…». */
export const replaceWarning = (count: number) =>
  count === 1
    ? "Единственная строка списка будет заменена строками файла."
    : `Все ${rowsText(count)} списка будут заменены строками файла.`;
