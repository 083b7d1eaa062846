import { SafetyCertificateOutlined } from "@ant-design/icons";
import { COPYRIGHT_START_YEAR, PRODUCT_NAME } from "@nadoy/contract/constants";
import { Descriptions, Flex, Modal, Tag, Typography } from "antd";
import { useTheme } from "../../shared/hooks/use-theme.ts";
import { releaseMonth } from "../../shared/lib/release-month.ts";
import { href } from "../../shared/routes/href.ts";
import { RouterLink } from "../../shared/ui/RouterLink.tsx";

interface AboutDialogProps {
  open: boolean;
  onClose: () => void;
  /** The signed-in user's username; absent when nobody is signed in. */
  username: string | null;
}

/**
 * Spec §2 About dialog: product, version with its release month (linking to /changelog), the
 * user, the theme, the legal documents, the registry badge and the copyright line.
 */
export function AboutDialog({ open, onClose, username }: AboutDialogProps) {
  const theme = useTheme();
  const year = new Date().getFullYear();
  // A link inside the dialog leaves it: close it so it does not stay over the new page.
  const closeAnd = (content: string, to: string) => (
    <span onClickCapture={onClose}>
      <RouterLink to={to}>{content}</RouterLink>
    </span>
  );

  return (
    <Modal open={open} onCancel={onClose} footer={null} title="О программе" width={480} destroyOnHidden>
      <Flex vertical gap="middle">
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {PRODUCT_NAME}
          </Typography.Title>
          <Typography.Text type="secondary">
            Портал аналитики и управления для молочных и сельскохозяйственных предприятий
          </Typography.Text>
        </div>
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: "version",
              label: "Версия",
              children: closeAnd(`${__APP_VERSION__} (${releaseMonth(__APP_RELEASE_DATE__)})`, href.changelog()),
            },
            ...(username ? [{ key: "user", label: "Пользователь", children: username }] : []),
            { key: "theme", label: "Тема", children: theme === "black" ? "тёмная" : "стандартная" },
          ]}
        />
        <Flex vertical gap={4}>
          {closeAnd("Пользовательское соглашение", href.termsOfService())}
          {closeAnd("Согласие на обработку персональных данных", href.personalDataAgreement())}
        </Flex>
        <Flex justify="space-between" align="center" wrap gap="small">
          <Tag icon={<SafetyCertificateOutlined />} color="blue" style={{ margin: 0, padding: "2px 8px" }}>
            Реестр российского ПО
          </Tag>
          <Typography.Text type="secondary">{`© ${COPYRIGHT_START_YEAR}–${year}`}</Typography.Text>
        </Flex>
      </Flex>
    </Modal>
  );
}
