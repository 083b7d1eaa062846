import { formatFileSize } from "@nadoy/contract/file-size";
import type { HerdFilesCompany } from "@nadoy/contract/herd-files";
import { Flex, Progress, Typography } from "antd";

/** «Занято 1,2 ГБ из 10 ГБ»: what each company's kept files take of its quota (the company named when several). */
export function HerdFilesUsage({ companies }: { companies: HerdFilesCompany[] }) {
  return (
    <Flex vertical gap={8} style={{ maxWidth: 560 }}>
      {companies.map((company) => {
        const share = company.limit_bytes > 0 ? (company.used_bytes / company.limit_bytes) * 100 : 100;
        const text = `Занято ${formatFileSize(company.used_bytes)} из ${formatFileSize(company.limit_bytes)}`;
        return (
          <div key={company.uuid}>
            <Typography.Text>{companies.length > 1 ? `${company.name}: ${text}` : text}</Typography.Text>
            <Progress
              percent={Math.min(100, Math.round(share * 10) / 10)}
              status={share >= 90 ? "exception" : "normal"}
              showInfo={false}
              aria-label={`${company.name}: ${text}`}
            />
          </div>
        );
      })}
    </Flex>
  );
}
