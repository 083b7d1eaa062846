import { type AttachmentQuota as Quota, tightestQuota } from "@nadoy/contract/attachments";
import { quotaUsageText } from "@nadoy/contract/errors";
import { formatFileSize } from "@nadoy/contract/file-size";
import { pluralRu } from "@nadoy/contract/plural";
import { Tooltip, Typography } from "antd";

/** «Занято 35 МБ из 100 МБ»: the quota with the least room left, the one the next file may not fit. */
export function quotaLineText(quota: Quota): string {
  const tightest = tightestQuota(quota);
  return `Занято ${quotaUsageText(tightest.used_bytes, tightest.limit_bytes)}`;
}

/** Every quota of the caller, one per line, for the hint. */
export function quotaDetails(quota: Quota): string[] {
  const perMinute = quota.uploads_per_minute;
  return [
    `Ещё не прикреплённые файлы: ${quotaUsageText(quota.unclaimed.used_bytes, quota.unclaimed.limit_bytes)}`,
    `Все ваши файлы: ${quotaUsageText(quota.user.used_bytes, quota.user.limit_bytes)}`,
    ...(quota.company
      ? [`Компания «${quota.company.name}»: ${quotaUsageText(quota.company.used_bytes, quota.company.limit_bytes)}`]
      : []),
    `Файл — до ${formatFileSize(quota.file_bytes_max)}, не больше ${perMinute} ${pluralRu(perMinute, ["файла", "файлов", "файлов"])} в минуту`,
  ];
}

export function QuotaDetails({ quota }: { quota: Quota }) {
  return (
    <div>
      {quotaDetails(quota).map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}

/** The line under the files being attached, with every quota in its hint. */
export function AttachmentQuotaLine({ quota }: { quota: Quota }) {
  return (
    <Tooltip title={<QuotaDetails quota={quota} />}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} aria-label="Место для файлов">
        {quotaLineText(quota)}
      </Typography.Text>
    </Tooltip>
  );
}
