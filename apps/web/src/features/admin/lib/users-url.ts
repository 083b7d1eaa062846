import { ADMIN_USERS_PAGE_SIZE } from "@nadoy/contract/admin-users";
import { ROLE_IDS } from "@nadoy/contract/roles";

export type ActiveFilter = "all" | "active" | "inactive";

export interface UsersFilter {
  q: string;
  role: number | undefined;
  active: ActiveFilter;
  page: number;
}

export const DEFAULT_PAGE_SIZE = ADMIN_USERS_PAGE_SIZE;

const positive = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
};

/** The users' filter from the URL (?q=&role=&active=&page=); anything odd counts as absent. */
export function filterOf(params: URLSearchParams): UsersFilter {
  const role = positive(params.get("role"));
  const active = params.get("active");
  return {
    q: params.get("q") ?? "",
    role: ROLE_IDS.some((id) => id === role) ? role : undefined,
    active: active === "active" || active === "inactive" ? active : "all",
    page: positive(params.get("page")) ?? 1,
  };
}

/** The URL of a filter: only what differs from the defaults. */
export function paramsOf(filter: UsersFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.q) params.q = filter.q;
  if (filter.role !== undefined) params.role = String(filter.role);
  if (filter.active !== "all") params.active = filter.active;
  if (filter.page > 1) params.page = String(filter.page);
  return params;
}
