import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useArtifacts } from "../../artifacts/store";
import { AnswerView } from "../../components/records/RecordsView";
import { RECORDS_ARTIFACT } from "../../components/records/RecordsViewer";
import type { ApiCallResult } from "../../generated/tools/systems/ApiCallResult";
import { pretty } from "../../lib/text";
import { PARAMETERS_PREVIEW_LINES } from "../limits";
import { BoundedPre } from "../shell/BoundedPre";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { hasData, passedParameters, readCall, requestParts, responseOf, resultOf, targetLabel, targetOf, withoutPrefix } from "./calls";
import { ApiCallIcon } from "./icons";
import { CallRequest, FoldedSection, IssuesTable, JsonBlock, StatusCode, Suggestions, Target } from "./parts";

/**
 * apiCall (spec 001 §2.4): the request (method, path, parameters, body) and the system's
 * answer with its status code and 'Total N records'; the whole answer when the assistant
 * was given it cut. A call that changes data asks first: the card shows exactly what will
 * be sent, and after a denial that nothing was. A call that did not go through is the
 * 'Tool Call Failed' card: the error, the validation issues, the parameters passed and
 * four suggested fixes.
 */
export function ApiCallCard({ invocation }: ToolCardProps<"apiCall">) {
  const { t } = useTranslation();
  const reading = readCall(invocation.output);
  const result = resultOf(reading);
  const input = invocation.input;
  const system = result?.system || input?.system;
  const target = targetOf(input?.operation, result);
  const label = targetLabel(target);
  const request = <CallRequest target={target} system={system} parts={requestParts(input, result?.parameters)} />;

  let failure: string | undefined;
  if (invocation.phase === "failed") {
    failure = t("systems.call.failed", { error: invocation.errorText ? withoutPrefix(invocation.errorText) : t("tools.unknownError") });
  } else if (reading && "unreadable" in reading) {
    failure = t(reading.unreadable === "json" ? "systems.errors.json" : "systems.errors.data");
  } else if (result && !result.success) {
    failure = result.error || result.message || t("tools.unknownError");
  }

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<ApiCallIcon className="size-4.5" />}
      accent="emerald"
      title={label && system ? t("systems.call.title", { request: label, system }) : (label ?? t("systems.call.titlePlain"))}
      failedTitle={t("tools.failed")}
      runningLabel={system ? t("systems.call.running", { system }) : undefined}
      summary={result?.success ? answerLine(result, t("systems.call.statusCode", { status: result.status_code ?? "" })) : undefined}
      failure={failure}
      runningDetail={request}
      failureDetail={result && !result.success ? <CallFailure result={result} /> : request}
      approvalSummary={
        <>
          <p className="text-sm text-slate-700" data-testid={invocation.phase === "denied" ? "api-nothing-sent" : "api-will-send"}>
            {invocation.phase === "denied" ? t("systems.call.nothingSent", { system: system ?? "" }) : t("systems.call.willSend", { system: system ?? "" })}
          </p>
          {request}
        </>
      }
    >
      {result?.success && <CallAnswer result={result} request={request} title={label ?? t("systems.call.titlePlain")} messageId={invocation.messageId} callId={invocation.toolCallId} />}
    </ToolCardShell>
  );
}

/** "Status 200 · Total 40 records": the header's line once the system answered. */
function answerLine(result: ApiCallResult, status: string): string {
  return [result.status_code === undefined ? undefined : status, result.summary].filter(Boolean).join(" · ");
}

type AnswerProps = { result: ApiCallResult; request: ReactNode; title: string; messageId: string; callId: string };

/** The request, then the answer: records as a table or labelled fields (raw JSON one click away), the whole list in the side panel. */
function CallAnswer({ result, request, title, messageId, callId }: AnswerProps) {
  const { t } = useTranslation();
  const data = responseOf(result);
  const openArtifact = useArtifacts((s) => s.openArtifact);
  const showAll = (records: unknown[]) => openArtifact(messageId, { id: `records-${callId}`, type: RECORDS_ARTIFACT, title, props: { records } });
  return (
    <>
      {request}
      {hasData(data) ? (
        <FoldedSection
          label={t("systems.call.response")}
          testId="api-response"
          aside={
            <>
              {result.summary && (
                <span className="text-xs font-medium text-slate-700" data-testid="api-summary">
                  {result.summary}
                </span>
              )}
              {result.status_code !== undefined && <StatusCode status={result.status_code} />}
            </>
          }
        >
          <div className="border-t border-slate-100 px-3 py-2">
            <AnswerView data={data} onShowAll={showAll} />
          </div>
        </FoldedSection>
      ) : (
        <p className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600" data-testid="api-no-data">
          {t("systems.call.noData")}
          {result.status_code !== undefined && <StatusCode status={result.status_code} />}
        </p>
      )}
      {result.truncated && (
        <p className="text-xs text-slate-500" data-testid="api-truncated">
          {t("systems.call.truncated")}
        </p>
      )}
    </>
  );
}

/** The 'Tool Call Failed' card's body (under the shell's error line). */
function CallFailure({ result }: { result: ApiCallResult }) {
  const { t } = useTranslation();
  const data = responseOf(result);
  const target = targetOf(result.operation, result);
  // Stored chats are data: lists a result should have may be missing.
  const issues = result.issues ?? [];
  const suggestions = result.suggestions ?? [];
  return (
    <>
      {(target.method || result.status_code !== undefined) && (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Target target={target} />
          {result.status_code !== undefined && <StatusCode status={result.status_code} />}
        </div>
      )}
      {issues.length > 0 && <IssuesTable issues={issues} />}
      {result.parameters !== undefined && (
        <div data-testid="api-parameters">
          <BoundedPre label={t("systems.call.parameters")} text={pretty(passedParameters(result.parameters))} maxLines={PARAMETERS_PREVIEW_LINES} />
        </div>
      )}
      {suggestions.length > 0 && <Suggestions suggestions={suggestions} />}
      {hasData(data) && <JsonBlock label={t("systems.call.answer", { system: result.system })} value={data} defaultOpen={false} testId="api-response" />}
    </>
  );
}
