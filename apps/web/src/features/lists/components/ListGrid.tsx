import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EyeInvisibleOutlined,
  PlusOutlined,
  UploadOutlined,
} from "@ant-design/icons";
import { validateCellValues } from "@nadoy/contract/form-values";
import { formatCell } from "@nadoy/contract/list-cells";
import {
  applyListView,
  EMPTY_LIST_VIEW,
  FILTER_OP_LABELS,
  type ListFilter,
  type ListView,
  visibleColumns,
} from "@nadoy/contract/list-view";
import type { CsvDialect, ListColumn, ListDetail, ListFileFormat, ListRow } from "@nadoy/contract/lists";
import { App, Button, Checkbox, Empty, Flex, Popover, Space, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo, useState } from "react";
import { useErrorToast } from "../../../shared/hooks/use-error-toast.ts";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { VisuallyHidden } from "../../../shared/ui/VisuallyHidden.tsx";
import { useCreateRow, useDeleteRows, useExportList, useMoveRow, usePendingCells, useUpdateRow } from "../api.ts";
import { formatDateRu } from "../lib/cells.ts";
import { deleteRowsQuestion, rowsText } from "../lib/row-texts.ts";
import { CellEditor } from "./CellEditor.tsx";
import { CellView } from "./CellView.tsx";
import { ColumnFilter } from "./ColumnFilter.tsx";
import { ColumnTitle } from "./ColumnTitle.tsx";
import { CsvExportButton } from "./CsvExportButton.tsx";
import { IconAction } from "./IconAction.tsx";
import { ImportDialog } from "./ImportDialog.tsx";

/** From this many shown rows on, the grid renders only the rows in sight. */
export const VIRTUAL_FROM = 200;

const WIDTHS: Record<ListColumn["type"], number> = {
  checkbox: 110,
  text: 220,
  date_picker: 150,
  number: 140,
  percent: 120,
  telephone: 170,
  ref: 220,
  tag: 240,
  select: 190,
};

function filterText(column: ListColumn, filter: ListFilter): string {
  const op = FILTER_OP_LABELS[filter.op];
  if (filter.op === "empty" || filter.op === "not_empty") return `${column.name}: ${op}`;
  const value = column.type === "date_picker" ? formatDateRu(filter.value) : filter.value;
  return `${column.name}: ${op} «${value}»`;
}

interface Editing {
  row: string;
  column: string;
}

interface ListGridProps {
  list: ListDetail;
}

/**
 * The rows of a list (or table): typed cells with inline editing, add/delete/move rows, sort,
 * filter and hide columns. The same view (applyListView) decides what the grid shows and what the
 * export writes.
 */
export function ListGrid({ list }: ListGridProps) {
  const { modal } = App.useApp();
  const showError = useErrorToast();
  const showSuccess = useSuccessToast();
  const [view, setView] = useState<ListView>(EMPTY_LIST_VIEW);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [importOpen, setImportOpen] = useState(false);

  const pending = usePendingCells(list.uuid);
  const updateRow = useUpdateRow(list.uuid);
  const createRow = useCreateRow(list.uuid);
  const deleteRows = useDeleteRows(list.uuid);
  const moveRow = useMoveRow(list.uuid);
  const exportList = useExportList(list);
  const canEdit = list.can_edit_rows;

  const failed = (what: string) => (error: unknown) => {
    if (!isUnauthorized(error)) showError(`${what}: ${errorMessage(error)}`);
  };

  // What the user sees: the server's rows with the edits still in flight laid over them.
  const rows = useMemo(
    () =>
      pending.size === 0
        ? list.rows
        : list.rows.map((row) => {
            const edit = pending.get(row.uuid);
            return edit ? { ...row, values: { ...row.values, ...edit } } : row;
          }),
    [list.rows, pending],
  );
  const shown = useMemo(() => applyListView(list.columns, rows, view), [list.columns, rows, view]);
  const columns = visibleColumns(list.columns, view);
  const shownKeys = new Set(shown.map((r) => r.uuid));
  const selectedShown = selected.filter((uuid) => shownKeys.has(uuid));
  const viewChanged = view.sort !== null || view.filters.length > 0 || view.hidden_columns.length > 0;

  const rules = list.columns.map((c) => ({
    column_uuid: c.uuid,
    type: c.type,
    options: c.options,
    percent_over_100: c.percent_over_100,
  }));

  /** Checks and sends one cell; false keeps the editor open (the value breaks the column's rule). */
  const saveCell = (row: ListRow, column: ListColumn, value: unknown): boolean => {
    const before = row.values[column.uuid];
    if (formatCell(column, value) === formatCell(column, before)) {
      setEditing(null);
      return true;
    }
    const checked = validateCellValues(rules, { [column.uuid]: value });
    if (!checked.ok) {
      showError(checked.errors[column.uuid] ?? "Некорректное значение");
      return false;
    }
    setEditing(null);
    updateRow.mutate({ rowUuid: row.uuid, values: checked.values }, { onError: failed("Изменение не сохранено") });
    return true;
  };

  const setFilter = (column: ListColumn, filter: ListFilter | null) =>
    setView((v) => ({
      ...v,
      filters: [...v.filters.filter((f) => f.column_uuid !== column.uuid), ...(filter ? [filter] : [])],
    }));

  const addRow = (afterUuid: string | null) =>
    createRow.mutate(
      { afterUuid },
      {
        onSuccess: (row) => {
          const first = columns.find((c) => c.type !== "checkbox");
          if (view.filters.length > 0) showSuccess("Строка добавлена; она может быть скрыта фильтром");
          else if (first) setEditing({ row: row.uuid, column: first.uuid });
        },
        onError: failed("Строка не добавлена"),
      },
    );

  const confirmDelete = () => {
    const uuids = selectedShown;
    modal.confirm({
      title: deleteRowsQuestion(uuids.length),
      content: "Удалённые строки нельзя будет вернуть.",
      okText: "Удалить",
      okButtonProps: { danger: true },
      cancelText: "Отмена",
      onOk: () =>
        deleteRows.mutateAsync(uuids).then(({ deleted }) => {
          setSelected([]);
          showSuccess(`Удалено: ${rowsText(deleted)}`);
        }, failed("Строки не удалены")),
    });
  };

  /** Up: before the previous shown row; down: after the next one (in the list's own order). */
  const move = (row: ListRow, dir: -1 | 1) => {
    const index = shown.findIndex((r) => r.uuid === row.uuid);
    const neighbour = shown[index + dir];
    if (!neighbour) return;
    let afterUuid: string | null;
    if (dir === 1) afterUuid = neighbour.uuid;
    else {
      const at = list.rows.findIndex((r) => r.uuid === neighbour.uuid);
      afterUuid = at > 0 ? (list.rows[at - 1]?.uuid ?? null) : null;
    }
    moveRow.mutate({ rowUuid: row.uuid, afterUuid }, { onError: failed("Строка не перемещена") });
  };

  const download = (format: ListFileFormat, csv?: CsvDialect) =>
    exportList.mutate({ format, view, csv }, { onError: failed("Не удалось выгрузить") });

  const dataColumns: ColumnsType<ListRow> = columns.map((column) => {
    const filter = view.filters.find((f) => f.column_uuid === column.uuid);
    return {
      key: column.uuid,
      title: <ColumnTitle name={column.name} />,
      width: WIDTHS[column.type],
      ellipsis: column.type === "text",
      sorter: true,
      sortOrder: view.sort?.column_uuid === column.uuid ? (view.sort.dir === "asc" ? "ascend" : "descend") : null,
      sortDirections: ["ascend", "descend"],
      showSorterTooltip: { title: "Сортировать" },
      filtered: filter !== undefined,
      filterDropdown: ({ close }) => (
        <ColumnFilter
          key={filter ? `${filter.op}:${filter.value}` : "none"}
          column={column}
          filter={filter}
          onApply={(next) => {
            setFilter(column, next);
            close();
          }}
        />
      ),
      onCell: (row) => {
        const editable = canEdit && column.type !== "checkbox";
        const open = () => {
          if (editable) setEditing({ row: row.uuid, column: column.uuid });
        };
        return {
          tabIndex: editable ? 0 : undefined,
          style: editable ? { cursor: "pointer" } : undefined,
          onClick: open,
          onKeyDown: (event) => {
            if (event.key === "Enter" && event.target === event.currentTarget) open();
          },
        };
      },
      render: (_: unknown, row: ListRow) => {
        const value = row.values[column.uuid];
        if (canEdit && editing?.row === row.uuid && editing.column === column.uuid) {
          return (
            <CellEditor
              column={column}
              value={value}
              onCommit={(next) => saveCell(row, column, next)}
              onCancel={() => setEditing(null)}
            />
          );
        }
        return (
          <CellView
            column={column}
            value={value}
            onToggle={canEdit ? (checked) => saveCell(row, column, checked) : undefined}
          />
        );
      },
    };
  });

  const actionColumn: ColumnsType<ListRow>[number] = {
    key: "__actions",
    title: <VisuallyHidden>Действия</VisuallyHidden>,
    width: 112,
    render: (_: unknown, row: ListRow, index: number) => (
      <Space size={0}>
        <IconAction
          tip={view.sort ? "Сбросьте сортировку, чтобы перемещать строки" : "Выше"}
          icon={<ArrowUpOutlined />}
          label="Переместить выше"
          disabled={view.sort !== null || index === 0}
          onClick={() => move(row, -1)}
        />
        <IconAction
          tip={view.sort ? "Сбросьте сортировку, чтобы перемещать строки" : "Ниже"}
          icon={<ArrowDownOutlined />}
          label="Переместить ниже"
          disabled={view.sort !== null || index === shown.length - 1}
          onClick={() => move(row, 1)}
        />
        <IconAction
          tip="Вставить строку ниже"
          icon={<PlusOutlined />}
          label="Вставить строку ниже"
          onClick={() => addRow(row.uuid)}
        />
      </Space>
    ),
  };

  const tableColumns = canEdit ? [actionColumn, ...dataColumns] : dataColumns;
  const width = tableColumns.reduce((sum, c) => sum + (typeof c.width === "number" ? c.width : 0), canEdit ? 48 : 0);

  const hideMenu = (
    <Flex vertical gap={4} style={{ maxHeight: 320, overflowY: "auto" }}>
      {list.columns.map((c) => (
        <Checkbox
          key={c.uuid}
          checked={!view.hidden_columns.includes(c.uuid)}
          onChange={(event) =>
            setView((v) => ({
              ...v,
              hidden_columns: event.target.checked
                ? v.hidden_columns.filter((h) => h !== c.uuid)
                : [...v.hidden_columns, c.uuid],
            }))
          }
        >
          {c.name}
        </Checkbox>
      ))}
    </Flex>
  );

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        {canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} loading={createRow.isPending} onClick={() => addRow(null)}>
            Добавить строку
          </Button>
        ) : null}
        {canEdit && selectedShown.length > 0 ? (
          <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
            {`Удалить выбранные (${selectedShown.length})`}
          </Button>
        ) : null}
        <Popover trigger="click" title="Показывать столбцы" content={hideMenu}>
          <Button icon={<EyeInvisibleOutlined />}>Столбцы</Button>
        </Popover>
        <CsvExportButton loading={exportList.isPending} onExport={(csv) => download("csv", csv)} />
        <Button icon={<DownloadOutlined />} loading={exportList.isPending} onClick={() => download("xlsx")}>
          Скачать XLSX
        </Button>
        {canEdit ? (
          <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
            Загрузить из файла
          </Button>
        ) : null}
      </Flex>

      <Flex gap={8} wrap align="center">
        <Typography.Text type="secondary" aria-live="polite">
          {shown.length === list.rows.length
            ? rowsText(list.rows.length)
            : `Показано ${shown.length} из ${list.rows.length}`}
        </Typography.Text>
        {view.filters.map((f) => {
          const column = list.columns.find((c) => c.uuid === f.column_uuid);
          return column ? (
            <Tag key={f.column_uuid} closable closeIcon onClose={() => setFilter(column, null)}>
              {filterText(column, f)}
            </Tag>
          ) : null;
        })}
        {viewChanged ? (
          <Button type="link" size="small" onClick={() => setView(EMPTY_LIST_VIEW)}>
            Сбросить сортировку и фильтры
          </Button>
        ) : null}
        {!canEdit ? <Tag>Только просмотр</Tag> : null}
      </Flex>

      <Table<ListRow>
        rowKey="uuid"
        size="small"
        bordered
        columns={tableColumns}
        dataSource={shown}
        pagination={false}
        virtual={shown.length >= VIRTUAL_FROM}
        scroll={shown.length >= VIRTUAL_FROM ? { x: width, y: 600 } : { x: width }}
        rowSelection={
          canEdit
            ? {
                selectedRowKeys: selectedShown,
                onChange: (keys) => setSelected(keys.map(String)),
                columnWidth: 48,
                getCheckboxProps: () => ({ "aria-label": "Выбрать строку" }),
              }
            : undefined
        }
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== "sort" || Array.isArray(sorter)) return;
          const key = typeof sorter.columnKey === "string" ? sorter.columnKey : undefined;
          setView((v) => ({
            ...v,
            sort: key && sorter.order ? { column_uuid: key, dir: sorter.order === "ascend" ? "asc" : "desc" } : null,
          }));
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                list.columns.length === 0
                  ? "В списке ещё нет столбцов"
                  : list.rows.length === 0
                    ? "Строк пока нет"
                    : "Нет строк, подходящих под фильтры"
              }
            />
          ),
        }}
      />

      {importOpen ? <ImportDialog list={list} onClose={() => setImportOpen(false)} /> : null}
    </Flex>
  );
}
