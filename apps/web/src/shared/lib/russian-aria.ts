// antd and its rc-components put English screen-reader labels into the DOM that no locale reaches:
// every icon is `role="img" aria-label="plus"` (read out inside a button as «plus Добавить»), the
// table's «Select all» and «Select row 3», the segmented «segmented control», the number field's
// «Increase Value». One watcher over the page fixes them all, including portals (modals, menus).

/** A label no Russian user should hear: Latin letters, digits, spaces and dashes only. */
export const ENGLISH_LABEL = /^[a-z][a-z0-9 -]*$/i;

let translate: ((label: string) => string | undefined) | undefined;
// Labels seen before the translations arrived, fixed once they do.
const waiting = new Set<Element>();

function translateLater(element: Element): void {
  waiting.add(element);
  if (waiting.size > 1) return;
  void import("./aria-labels.ts").then(({ russianLabel }) => {
    translate = russianLabel;
    for (const pending of waiting) fixLabel(pending);
    waiting.clear();
  });
}

// What an icon means when it is all there is in antd's own icon-only controls (the table's filter
// trigger, the search field's button); our own icon-only buttons carry a Russian aria-label.
const ICON_NAMES: Readonly<Record<string, string>> = { search: "Найти", filter: "Фильтр" };

function fixLabel(element: Element): void {
  const label = element.getAttribute("aria-label");
  if (!label || !ENGLISH_LABEL.test(label)) return;
  // An antd icon labelled with its own name (icons given a Russian label, the role icons, stay).
  if (element.classList.contains("anticon")) {
    const control = element.closest("button, a, [role=button]");
    const alone = control && !control.hasAttribute("aria-label") && !control.textContent?.trim();
    const name = alone ? ICON_NAMES[label] : undefined;
    if (name) element.setAttribute("aria-label", name);
    else {
      // Decoration: the control around it is named by its text or its own Russian aria-label.
      element.removeAttribute("aria-label");
      element.setAttribute("aria-hidden", "true");
    }
    return;
  }
  if (!translate) {
    translateLater(element);
    return;
  }
  const russian = translate(label);
  if (russian) element.setAttribute("aria-label", russian);
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
