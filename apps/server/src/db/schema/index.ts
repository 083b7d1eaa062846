export * from "./analytics.ts";
export * from "./auth.ts";
export * from "./companies.ts";
export * from "./mail.ts";
export * from "./news.ts";
export * from "./table-lists.ts";
export * from "./users.ts";
