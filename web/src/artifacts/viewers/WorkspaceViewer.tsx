import { useTranslation } from "react-i18next";
import { str } from "../../lib/values";
import { Notice } from "./Notice";
import type { ViewerProps } from "./types";

/** `workspace` artifacts: the chat's code workspace (its files, terminal and preview come with the workspace). */
export function WorkspaceViewer({ artifact }: ViewerProps) {
  const { t } = useTranslation();
  return (
    <Notice title={t("artifacts.workspace.title")}>
      <p>{t("artifacts.workspace.body")}</p>
      <p className="mt-1 font-mono text-[11px] break-all">{str(artifact.props.chatId)}</p>
    </Notice>
  );
}
