import { Spin, theme } from "antd";
import { useId } from "react";
import { TERMS_DIALOG_TITLE } from "../terms.ts";

/**
 * What blocks the app while the terms dialog's code loads: the same title over the same mask, so
 * that nothing behind it can be clicked before the dialog is there.
 */
export function TermsDialogPlaceholder() {
  const { token } = theme.useToken();
  const titleId = useId();
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-busy="true"
      style={{
        position: "fixed",
        inset: 0,
        zIndex: token.zIndexPopupBase,
        background: token.colorBgMask,
        display: "flex",
        alignItems: "flex-start",
        justifyContent: "center",
        paddingTop: 100,
      }}
    >
      <div
        style={{
          width: 520,
          maxWidth: "calc(100vw - 32px)",
          background: token.colorBgElevated,
          borderRadius: token.borderRadiusLG,
          padding: `${token.paddingMD}px ${token.paddingLG}px`,
        }}
      >
        <div id={titleId} style={{ fontWeight: token.fontWeightStrong, fontSize: token.fontSizeLG, marginBottom: 16 }}>
          {TERMS_DIALOG_TITLE}
        </div>
        <Spin />
      </div>
    </div>
  );
}
