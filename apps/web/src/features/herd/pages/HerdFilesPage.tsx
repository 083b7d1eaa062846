import type { HerdFile } from "@nadoy/contract/herd-files";
import { useMutation } from "@tanstack/react-query";
import { Alert, App, Empty, Flex, Spin, Typography } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { checkHerdFileAgain, removeHerdFile, saveHerdFile, useForgetHerdData, useHerdFiles } from "../api.ts";
import { HerdFilesTable } from "../components/HerdFilesTable.tsx";
import { HerdFilesUsage } from "../components/HerdFilesUsage.tsx";
import type { HerdRerunState } from "../lib/herd-rerun.ts";

/**
 * /user-pages/cloudstorage — the herd files kept on the server (contract herd-files.ts): how much
 * of the company's room they take, each file to download or delete. Deleting a file keeps the
 * herd data written from it.
 */
export function HerdFilesPage() {
  const files = useHerdFiles();
  const forget = useForgetHerdData();
  const { message, modal } = App.useApp();
  const [downloading, setDownloading] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (file: HerdFile) => removeHerdFile(file.upload_uuid),
    onSuccess: (_, file) => {
      message.success(`Файл «${file.file_name}» удалён`);
      return forget();
    },
    onError: (error) => message.error(errorMessage(error)),
  });

  const navigate = useNavigate();
  // Checked again, the file opens in its upload page's preview (DC305 or spreadsheet), to be written from there.
  const rerun = useMutation({
    mutationFn: (file: HerdFile) => checkHerdFileAgain(file.upload_uuid),
    onSuccess: (created, file) => {
      void forget();
      const state: HerdRerunState = { herdRerun: { created, file: { name: file.file_name, size: file.size_bytes } } };
      // A table opens on its database's spreadsheet page, with its kind.
      const to =
        created.format === "spreadsheet" && created.kind
          ? `${href.bsUpload({ uuid: file.database.uuid })}?kind=${created.kind}`
          : `${href.dc305Upload()}?db=${file.database.uuid}`;
      navigate(to, { state });
    },
    onError: (error) => message.error(errorMessage(error)),
  });

  const download = async (file: HerdFile) => {
    setDownloading(file.upload_uuid);
    try {
      await saveHerdFile(file);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setDownloading(null);
    }
  };

  /** The file whose download, delete or new check is under way. */
  const busy =
    downloading ??
    (remove.isPending ? remove.variables?.upload_uuid : undefined) ??
    (rerun.isPending ? rerun.variables?.upload_uuid : undefined) ??
    null;

  const confirmDelete = (file: HerdFile) =>
    modal.confirm({
      title: `Удалить файл «${file.file_name}»?`,
      content:
        file.status === "staged"
          ? "Файл удалится с сервера. Проверенную загрузку по-прежнему можно записать на странице загрузки; данные стада не изменятся."
          : "Файл удалится с сервера, место освободится. Данные стада, уже записанные из него, останутся.",
      okText: "Удалить",
      okButtonProps: { danger: true },
      cancelText: "Отмена",
      onOk: () => remove.mutateAsync(file).catch(() => undefined),
    });

  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Файлы
      </Typography.Title>
      {files.isPending ? <Spin description="Загрузка…" /> : null}
      {files.isError ? <Alert type="error" showIcon title={errorMessage(files.error)} /> : null}
      {files.data ? (
        <Flex vertical gap={16}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Здесь хранятся файлы, которые вы загрузили в базы стада. Удалённый файл нельзя скачать, но данные,
            записанные из него, остаются.
          </Typography.Paragraph>
          {files.data.companies.length > 0 ? <HerdFilesUsage companies={files.data.companies} /> : null}
          {files.data.items.length === 0 ? (
            <Empty
              description={
                <>
                  Файлов пока нет. Загрузите выгрузку DC305 на странице{" "}
                  <Link to={href.dc305Upload()}>«Загрузка DairyComp 305»</Link> или откройте{" "}
                  <Link to={href.datasets()}>«Наборы данных»</Link> и нажмите «Загрузить данные» у нужной базы.
                </>
              }
            />
          ) : (
            <HerdFilesTable
              files={files.data.items}
              onDownload={download}
              onDelete={confirmDelete}
              onRerun={(file) => rerun.mutate(file)}
              busy={busy}
            />
          )}
        </Flex>
      ) : null}
    </>
  );
}
