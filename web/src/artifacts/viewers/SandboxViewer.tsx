import { useTranslation } from "react-i18next";
import { str } from "../../lib/values";
import { Notice } from "./Notice";
import type { ViewerProps } from "./types";

/** `sandbox` artifacts (spec 002: a placeholder saying sandbox functionality is coming soon). */
export function SandboxViewer({ artifact }: ViewerProps) {
  const { t } = useTranslation();
  return (
    <Notice title={t("artifacts.sandbox.comingSoon")}>
      <dl className="mt-2 space-y-0.5 font-mono text-[11px] break-all">
        <dt className="sr-only">{t("artifacts.sandbox.session")}</dt>
        <dd>{t("artifacts.sandbox.sessionValue", { id: str(artifact.props.sessionId) ?? "" })}</dd>
        <dt className="sr-only">{t("artifacts.sandbox.url")}</dt>
        <dd>{str(artifact.props.initialUrl)}</dd>
      </dl>
    </Notice>
  );
}
