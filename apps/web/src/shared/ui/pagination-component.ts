// The chunk LazyPagination loads: antd's Pagination alone.
export { Pagination } from "antd";
