import { Checkbox, Flex, Modal, Spin, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { href } from "../../../shared/routes/href.ts";
import { useAcceptTerms } from "../api.ts";

export const TERMS_DIALOG_TITLE = "Условия использования";

/** A document link inside the checkbox label: it opens in a new tab and does not tick the box. */
function DocumentLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Typography.Link href={to} target="_blank" rel="noopener" onClick={(event) => event.stopPropagation()}>
      {children}
    </Typography.Link>
  );
}

/**
 * Spec §4 "App start" and §5 "Terms dialog", shown while users/data has read_status false: a modal
 * that blocks the app. Escape, the backdrop and a close button do nothing; the only way out is the
 * checkbox, whose tick sends the acceptance. On 200 read_status becomes true in the cached user
 * data and the shell drops the dialog; on failure the toast shows (spec §8), the box is unticked
 * again and the dialog stays.
 */
export function TermsDialog() {
  const terms = useAcceptTerms();
  const showFailure = useFailureToast();
  // Ticked from the click on, not only once the request is under way: the box never flickers back.
  const [ticked, setTicked] = useState(false);

  return (
    <Modal
      open
      title={TERMS_DIALOG_TITLE}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      footer={null}
      width={520}
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph style={{ margin: 0 }}>
          Чтобы продолжить работу с порталом, примите пользовательское соглашение и дайте согласие на обработку
          персональных данных. Документы открываются в новой вкладке.
        </Typography.Paragraph>
        <Flex gap="small" align="center">
          <Checkbox
            checked={ticked}
            disabled={ticked}
            onChange={(event) => {
              if (!event.target.checked) return;
              setTicked(true);
              terms.accept({
                onError: (error) => {
                  setTicked(false);
                  showFailure(error);
                },
              });
            }}
          >
            Я принимаю <DocumentLink to={href.termsOfService()}>условия использования</DocumentLink> и{" "}
            <DocumentLink to={href.personalDataAgreement()}>согласие на обработку персональных данных</DocumentLink>
          </Checkbox>
          {terms.isPending ? <Spin size="small" /> : null}
        </Flex>
      </Flex>
    </Modal>
  );
}
