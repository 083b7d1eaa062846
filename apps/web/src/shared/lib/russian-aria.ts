// antd and its rc-components put English screen-reader labels into the DOM that no locale reaches:
// every icon is `role="img" aria-label="plus"` (read out inside a button as «plus Добавить»), the
// table's «Select all» and «Select row 3», the segmented «segmented control», the number field's
// «Increase Value». One watcher over the page fixes them all, including portals (modals, menus).

/** A label no Russian user should hear: Latin letters, digits, spaces and dashes only. */
export const ENGLISH_LABEL = /^[a-z][a-z0-9 -]*$/i;

const TRANSLATIONS: readonly (readonly [RegExp, string])[] = [
  [/^Select all$/, "Выбрать все строки"],
  [/^Custom selection$/, "Выбор строк"],
  [/^Select row (\d+)$/, "Выбрать строку $1"],
  [/^Row (\d+) selected$/, "Строка $1 выбрана"],
  [/^Close$/i, "Закрыть"],
  [/^segmented control$/i, "Переключатель"],
  [/^Increase Value$/i, "Увеличить"],
  [/^Decrease Value$/i, "Уменьшить"],
  [/^expanded dropdown$/i, "Ещё"],
  [/^remove$/i, "Удалить"],
  [/^Add tab$/i, "Добавить вкладку"],
];

// What an icon means when it is all there is in antd's own icon-only controls (the table's filter
// trigger, the search field's button, a tag's or a tab's close cross).
const ICON_NAMES: Readonly<Record<string, string>> = {
  search: "Найти",
  filter: "Фильтр",
  close: "Закрыть",
  "close-circle": "Очистить",
  delete: "Удалить",
  plus: "Добавить",
  ellipsis: "Ещё",
};

/** An antd icon labelled with its own English name. */
function fixIcon(icon: Element, name: string): void {
  const control = icon.closest("button, a, [role=button]");
  const alone = control !== null && !control.hasAttribute("aria-label") && control.textContent?.trim() === "";
  const russian = ICON_NAMES[name];
  if (alone && russian) {
    icon.setAttribute("aria-label", russian);
    return;
  }
  // Decoration: the control around it is named by its text or its own Russian aria-label.
  icon.removeAttribute("aria-label");
  icon.setAttribute("aria-hidden", "true");
}

function fixLabel(element: Element): void {
  const label = element.getAttribute("aria-label");
  if (label === null || !ENGLISH_LABEL.test(label)) return;
  // Icons given a Russian label (the role icons) stay as they are.
  if (element.classList.contains("anticon")) {
    fixIcon(element, label);
    return;
  }
  for (const [pattern, russian] of TRANSLATIONS) {
    if (pattern.test(label)) {
      element.setAttribute("aria-label", label.replace(pattern, russian));
      return;
    }
  }
}

/** Fixes the English labels of `root` and everything inside it. */
export function russifyLabels(root: Element): void {
  fixLabel(root);
  for (const element of root.querySelectorAll("[aria-label]")) fixLabel(element);
}

/** Keeps fixing labels as React renders (new nodes and changed labels); returns the stop. */
export function watchLabels(root: Element = document.body): () => void {
  russifyLabels(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes") fixLabel(record.target as Element);
      for (const node of record.addedNodes) if (node instanceof Element) russifyLabels(node);
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-label"] });
  return () => observer.disconnect();
}
