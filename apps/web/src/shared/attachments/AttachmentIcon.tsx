import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FileWordOutlined,
} from "@ant-design/icons";
import { type AttachmentExtension, attachmentExtension } from "@nadoy/contract/attachments";
import type { ComponentType } from "react";

type Icon = ComponentType<{ "aria-hidden"?: boolean }>;

const ICONS: Record<AttachmentExtension, Icon> = {
  pdf: FilePdfOutlined,
  png: FileImageOutlined,
  jpg: FileImageOutlined,
  jpeg: FileImageOutlined,
  gif: FileImageOutlined,
  webp: FileImageOutlined,
  txt: FileTextOutlined,
  csv: FileExcelOutlined,
  doc: FileWordOutlined,
  docx: FileWordOutlined,
  xls: FileExcelOutlined,
  xlsx: FileExcelOutlined,
};

/** The file's kind at a glance (by its extension, which the server checked against its bytes). */
export function AttachmentIcon({ name }: { name: string }) {
  const ext = attachmentExtension(name);
  const Shown = ext ? ICONS[ext] : FileOutlined;
  return <Shown aria-hidden />;
}
