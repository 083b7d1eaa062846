const rules = new Intl.PluralRules("ru-RU");

/** «1 животное», «2 животных», «5 животных», «21 животное». */
export function animalsCount(count: number): string {
  return `${count.toLocaleString("ru-RU")} ${rules.select(count) === "one" ? "животное" : "животных"}`;
}
