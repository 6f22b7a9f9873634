import { useTranslation } from "react-i18next";
import { CheckIcon } from "../../../components/icons";
import type { useTestJira } from "./queries";
import { Refusal } from "./Refusal";
import { useTrackerErrorText } from "./useTrackerErrorText";

/**
 * What the last connection test said: signed in, with the projects the account sees, or
 * the reason in the server's words (Jira's own answer, such as a refused token).
 */
export function TestOutcome({ test }: { test: ReturnType<typeof useTestJira> }) {
  const { t } = useTranslation();
  const errorText = useTrackerErrorText();
  if (test.isSuccess) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900" data-testid="tracker-test-ok">
        <CheckIcon className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 break-words">{t("jira.admin.testOk", { count: test.data.projectCount })}</span>
      </p>
    );
  }
  if (test.isError) return <Refusal title={t("jira.admin.testFailed")} reason={errorText(test.error, t("jira.admin.errorGeneric"))} testId="tracker-test-failed" />;
  return null;
}
