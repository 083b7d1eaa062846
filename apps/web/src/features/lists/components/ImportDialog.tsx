import { InboxOutlined } from "@ant-design/icons";
import {
  type ImportResult,
  LIST_IMPORT_BYTES_MAX,
  LIST_IMPORT_ERRORS_MAX,
  type ListDetail,
  type ListFileFormat,
} from "@nadoy/contract/lists";
import { Alert, Checkbox, Descriptions, Flex, Modal, Radio, Table, Typography, Upload } from "antd";
import { useState } from "react";
import { useSuccessToast } from "../../../shared/hooks/use-success-toast.ts";
import { errorMessage, isUnauthorized } from "../../../shared/lib/api-error.ts";
import { fileFormatOf, useImportList } from "../api.ts";
import { previewTitle, replaceWarning, rowsText } from "../lib/row-texts.ts";
import { CellView } from "./CellView.tsx";

interface ImportDialogProps {
  list: ListDetail;
  onClose: () => void;
}

interface Picked {
  file: File;
  format: ListFileFormat;
}

/**
 * Import of a CSV or XLSX file: the server checks it first (preview: rows as they would be
 * stored, per-row errors, unknown columns), then the user appends or replaces, optionally
 * skipping the rows with errors.
 */
export function ImportDialog({ list, onClose }: ImportDialogProps) {
  const showSuccess = useSuccessToast();
  const preview = useImportList(list.uuid);
  const apply = useImportList(list.uuid);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [mode, setMode] = useState<"append" | "replace">("append");
  const [skipInvalid, setSkipInvalid] = useState(false);
  const result: ImportResult | undefined = preview.data;

  const choose = (file: File) => {
    preview.reset();
    apply.reset();
    setSkipInvalid(false);
    const format = fileFormatOf(file);
    if (!format) {
      setPicked(null);
      setPickError("Выберите файл CSV или XLSX");
      return;
    }
    if (file.size > LIST_IMPORT_BYTES_MAX) {
      setPicked(null);
      setPickError(`Файл больше ${LIST_IMPORT_BYTES_MAX / 1024 / 1024} МБ`);
      return;
    }
    setPickError(null);
    setPicked({ file, format });
    preview.mutate({ file, format, mode: "preview", skipInvalid: false });
  };

  const hasErrors = (result?.error_count ?? 0) > 0;
  const writable = result ? result.rows_valid > 0 || (mode === "replace" && result.rows_total === 0) : false;
  const canApply = Boolean(picked && result && writable && (!hasErrors || skipInvalid));

  const submit = () => {
    if (!picked) return;
    apply.mutate(
      { ...picked, mode, skipInvalid },
      {
        onSuccess: ({ written }) => {
          showSuccess(`Загружено: ${rowsText(written)}`);
          onClose();
        },
      },
    );
  };

  const failure = preview.error ?? apply.error;
  const previewColumns = list.columns.map((column) => ({
    key: column.uuid,
    title: column.name,
    width: 160,
    render: (_: unknown, row: Record<string, unknown>) => <CellView column={column} value={row[column.uuid]} />,
  }));

  return (
    <Modal
      open
      title="Загрузка строк из файла"
      width={900}
      okText="Загрузить"
      cancelText="Отмена"
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ disabled: !canApply, loading: apply.isPending }}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Upload.Dragger
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            choose(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {picked ? `Файл: ${picked.file.name}` : "Выберите или перетащите файл CSV или XLSX"}
          </p>
          <p className="ant-upload-hint">
            Первая строка — названия столбцов, как в списке. Даты — ДД.ММ.ГГГГ или ГГГГ-ММ-ДД. Файл, выгруженный из
            этого списка, загружается без изменений.
          </p>
        </Upload.Dragger>

        {pickError ? <Alert type="error" showIcon title={pickError} /> : null}
        {preview.isPending ? <Typography.Text>Проверяем файл…</Typography.Text> : null}
        {failure && !isUnauthorized(failure) ? <Alert type="error" showIcon title={errorMessage(failure)} /> : null}

        {result ? (
          <>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, md: 4 }}
              items={[
                { key: "total", label: "Строк в файле", children: result.rows_total },
                { key: "valid", label: "Без ошибок", children: result.rows_valid },
                // Rows, so that the two add up to the file's; a row may hold several errors.
                { key: "invalid", label: "С ошибками", children: result.rows_total - result.rows_valid },
                { key: "errors", label: "Ошибок", children: result.error_count },
              ]}
            />
            {result.unknown_columns.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                title="Эти столбцы файла не найдены в списке и будут пропущены"
                description={result.unknown_columns.join(", ")}
              />
            ) : null}
            {hasErrors ? (
              <section aria-label="Ошибки в файле">
                <Typography.Title level={5}>
                  Ошибки
                  {result.error_count > result.errors.length
                    ? ` (показаны первые ${Math.min(result.errors.length, LIST_IMPORT_ERRORS_MAX)} из ${result.error_count})`
                    : ""}
                </Typography.Title>
                <Table
                  size="small"
                  pagination={result.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                  rowKey={(e) => `${e.line}:${e.column}:${e.message}`}
                  dataSource={result.errors}
                  columns={[
                    { key: "line", title: "Строка", dataIndex: "line", width: 90 },
                    { key: "column", title: "Столбец", dataIndex: "column", width: 200 },
                    { key: "message", title: "Ошибка", dataIndex: "message" },
                  ]}
                />
              </section>
            ) : null}
            {result.preview.length > 0 ? (
              <section aria-label="Предпросмотр">
                <Typography.Title level={5}>{previewTitle(result.preview.length)}</Typography.Title>
                <Table
                  size="small"
                  bordered
                  pagination={false}
                  rowKey={(_row, index) => String(index)}
                  dataSource={result.preview}
                  columns={previewColumns}
                  scroll={{ x: previewColumns.length * 160 }}
                />
              </section>
            ) : null}

            <Radio.Group
              value={mode}
              onChange={(event) => setMode(event.target.value)}
              options={[
                { value: "append", label: "Добавить строки в конец списка" },
                { value: "replace", label: "Заменить все строки списка строками файла" },
              ]}
            />
            {mode === "replace" ? <Alert type="warning" showIcon title={replaceWarning(list.rows.length)} /> : null}
            {hasErrors ? (
              <Checkbox checked={skipInvalid} onChange={(event) => setSkipInvalid(event.target.checked)}>
                Пропустить строки с ошибками и загрузить остальные ({result.rows_valid})
              </Checkbox>
            ) : null}
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
