import { useTheme } from "../../shared/hooks/use-theme.ts";
import { FeedbackFormPage } from "./FeedbackFormPage.tsx";
import "./standalone.css";

/** The uuid of /form/<uuid>, or "" for a path without one. */
export function formUuidFromPath(pathname: string): string {
  const match = /^\/form\/([^/?#]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : "";
}

/**
 * The whole of form.html (the public /form/* pages): a centred card with the form, in the
 * visitor's theme — no router, no query client, no app shell, no antd (spec §2 page budget).
 */
export function StandaloneFormApp({ pathname }: { pathname: string }) {
  const dark = useTheme() === "black";
  return (
    <main className={`nf-page${dark ? " nf-page-dark" : ""}`}>
      <div className="nf-card">
        <FeedbackFormPage uuid={formUuidFromPath(pathname)} />
      </div>
    </main>
  );
}
