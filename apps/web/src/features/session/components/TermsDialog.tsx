import { Flex, Modal, Spin, theme } from "antd";
import { type ReactNode, useState } from "react";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { href } from "../../../shared/routes/href.ts";
import { Paragraph } from "../../../shared/ui/text.tsx";
import { useAcceptTerms } from "../api.ts";
import { TERMS_DIALOG_TITLE } from "../terms.ts";

/** A document link inside the checkbox label: it opens in a new tab and does not tick the box. */
function DocumentLink({ to, children }: { to: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <a
      href={to}
      target="_blank"
      rel="noopener"
      style={{ color: token.colorLink }}
      onClick={(event) => event.stopPropagation()}
    >
      {children}
    </a>
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
  const { token } = theme.useToken();
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
        <Paragraph>
          Чтобы продолжить работу с порталом, примите пользовательское соглашение и дайте согласие на обработку
          персональных данных. Документы открываются в новой вкладке.
        </Paragraph>
        <Flex gap="small" align="center">
          {/* A native box (antd's Checkbox costs the first page ~2.6 KB), in the theme's colour. */}
          <label style={{ display: "flex", gap: token.marginXS, alignItems: "baseline", cursor: "pointer" }}>
            <input
              type="checkbox"
              checked={ticked}
              disabled={ticked}
              style={{ accentColor: token.colorPrimary, width: 16, height: 16, margin: 0, flex: "none" }}
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
            />
            <span>
              Я принимаю <DocumentLink to={href.termsOfService()}>условия использования</DocumentLink> и{" "}
              <DocumentLink to={href.personalDataAgreement()}>согласие на обработку персональных данных</DocumentLink>
            </span>
          </label>
          {terms.isPending ? <Spin size="small" /> : null}
        </Flex>
      </Flex>
    </Modal>
  );
}
