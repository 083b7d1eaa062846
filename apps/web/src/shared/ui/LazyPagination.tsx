import type { PaginationProps } from "antd";
import { lazy, Suspense } from "react";

// antd's Pagination brings Select (its size changer) with it: ~30 KB gzipped that a page showing
// one page of items never needs. Loaded when a pager is first drawn.
const Pagination = lazy(() => import("./pagination-component.ts").then((m) => ({ default: m.Pagination })));

/** antd's Pagination, loaded on first use; nothing is drawn in its place while it loads. */
export function LazyPagination(props: PaginationProps) {
  return (
    <Suspense fallback={null}>
      <Pagination {...props} />
    </Suspense>
  );
}
