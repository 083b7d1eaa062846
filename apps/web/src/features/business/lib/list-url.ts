/** A positive integer from the URL, or undefined. */
const positive = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
};

export interface CompaniesFilter {
  q: string;
  page: number;
}

/** The companies' list from the URL (?q=&page=). */
export function companiesFilterOf(params: URLSearchParams): CompaniesFilter {
  return { q: params.get("q") ?? "", page: positive(params.get("page")) ?? 1 };
}

export function companiesParamsOf(filter: CompaniesFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.q) params.q = filter.q;
  if (filter.page > 1) params.page = String(filter.page);
  return params;
}

export interface BusinessUsersFilter {
  q: string;
  company: string | undefined;
  /** Only clients (role 7): on unless the URL says clients=all. */
  clientsOnly: boolean;
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid in a path or query (anything else is not found without asking the server). */
export const isUuid = (text: string | null | undefined): text is string => !!text && UUID.test(text);

/** The business users' filter from the URL (?q=&company=&clients=all&page=). */
export function businessUsersFilterOf(params: URLSearchParams): BusinessUsersFilter {
  const company = params.get("company");
  return {
    q: params.get("q") ?? "",
    company: isUuid(company) ? company : undefined,
    clientsOnly: params.get("clients") !== "all",
    page: positive(params.get("page")) ?? 1,
  };
}

export function businessUsersParamsOf(filter: BusinessUsersFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.q) params.q = filter.q;
  if (filter.company) params.company = filter.company;
  if (!filter.clientsOnly) params.clients = "all";
  if (filter.page > 1) params.page = String(filter.page);
  return params;
}
