import { useTranslation } from "react-i18next";
import type { Artifact } from "./store";
import { missingProps, viewerFor } from "./viewers";
import { Notice } from "./viewers/Notice";

/**
 * One artifact's content: its type's viewer, or — from this one place — 'Unknown Artifact
 * Type' for a type this build does not know and the type's message for a missing property.
 */
export function ArtifactView({ artifact }: { artifact: Artifact }) {
  const { t } = useTranslation();
  const spec = viewerFor(artifact.type);
  if (!spec) {
    return (
      <Notice tone="error" title={t("artifacts.unknownType")}>
        {t("artifacts.unknownTypeDetail", { type: artifact.type })}
      </Notice>
    );
  }
  const missing = missingProps(spec, artifact.props);
  if (missing.length > 0) {
    return (
      <Notice tone="error" title={spec.missing(t)}>
        <span data-testid="missing-props">{t("artifacts.missingProps", { props: missing.join(", ") })}</span>
      </Notice>
    );
  }
  return <spec.View artifact={artifact} />;
}
