import { theme } from "antd";
import type { ReactNode } from "react";

interface LightSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  "aria-label": string;
  checkedChildren?: ReactNode;
  unCheckedChildren?: ReactNode;
}

/**
 * A switch drawn as antd's Switch (a pill with a sliding knob), for the navbar: antd's own costs
 * every page ~2.6 KB. Forms keep antd's Switch. Same role and keys: a button with role «switch».
 */
export function LightSwitch({ checked, onChange, checkedChildren, unCheckedChildren, ...aria }: LightSwitchProps) {
  const { token } = theme.useToken();
  const knob = 18;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={aria["aria-label"]}
      onClick={() => onChange(!checked)}
      style={{
        position: "relative",
        minWidth: 44,
        height: 22,
        padding: 0,
        border: 0,
        borderRadius: 11,
        cursor: "pointer",
        verticalAlign: "middle",
        background: checked ? token.colorPrimary : token.colorTextQuaternary,
        color: token.colorTextLightSolid,
        fontSize: token.fontSizeSM,
        transition: `background ${token.motionDurationMid}`,
      }}
    >
      <span
        aria-hidden
        style={{
          display: "block",
          paddingInlineStart: checked ? 7 : knob + 5,
          paddingInlineEnd: checked ? knob + 5 : 7,
          lineHeight: "22px",
        }}
      >
        {checked ? checkedChildren : unCheckedChildren}
      </span>
      <span
        aria-hidden
        style={{
          position: "absolute",
          top: 2,
          insetInlineStart: checked ? `calc(100% - ${knob + 2}px)` : 2,
          width: knob,
          height: knob,
          borderRadius: "50%",
          background: token.colorWhite,
          boxShadow: "0 2px 4px 0 rgba(0, 35, 11, 0.2)",
          transition: `inset-inline-start ${token.motionDurationMid}`,
        }}
      />
    </button>
  );
}
