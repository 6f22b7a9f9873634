import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../auth/store";
import { fieldsOf } from "../../forms/definitions";
import { clearDraft, draftKey } from "../../forms/drafts";
import { DynamicForm } from "../../forms/DynamicForm";
import { FormSummary } from "../../forms/FormSummary";
import type { FormField } from "../../generated/tools/forms/FormField";
import type { UserInputResult } from "../../generated/tools/forms/UserInputResult";
import { isRecord } from "../../lib/values";
import { ToolCardShell } from "../shell/ToolCardShell";
import { useToolCall } from "../shell/toolCall";
import type { ToolCardProps, ToolInvocation } from "../types";
import { FormIcon } from "./icons";

/** The form the call asks for, read from its input (partial while it streams, any shape in a stored chat). */
type Request = { title: string | undefined; description: string | undefined; fields: FormField[] };

function requestOf(input: unknown): Request {
  if (!isRecord(input)) return { title: undefined, description: undefined, fields: [] };
  return {
    title: typeof input.title === "string" && input.title.trim() ? input.title : undefined,
    description: typeof input.description === "string" && input.description.trim() ? input.description : undefined,
    fields: fieldsOf(input.fields),
  };
}

const CANCELED: UserInputResult = { submitted: false, canceled: true, values: {}, labels: {} };

/**
 * requestUserInput, a client tool (spec 001 §2.19): while the model writes the form,
 * 'Preparing user input form...'; then the form itself, whose Submit and Cancel post the
 * call's result; once answered, a read-only summary of the answers, or 'Canceled' with
 * 'User canceled this input request'.
 */
export function RequestUserInputCard({ invocation }: ToolCardProps<"requestUserInput">) {
  const { t } = useTranslation();
  const request = useMemo(() => requestOf(invocation.input), [invocation.input]);
  const output = invocation.output;
  const canceled = output !== undefined && !output.submitted;
  const preparing = invocation.phase === "preparing";

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<FormIcon className="size-4.5" />}
      accent="sky"
      title={request.title ?? t("forms.title")}
      runningLabel={preparing ? t("forms.preparing") : t("forms.waiting")}
      runningDetail={invocation.phase === "executing" ? <Asking invocation={invocation} request={request} /> : undefined}
      summary={output === undefined ? undefined : canceled ? t("forms.canceled") : t("forms.submitted")}
      defaultOpen
    >
      {output === undefined ? null : canceled ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600" data-testid="form-canceled">
          {t("forms.canceledDetail")}
        </p>
      ) : (
        <div className="space-y-2">
          <Description text={request.description} />
          <FormSummary fields={request.fields} values={output.values} labels={output.labels} />
        </div>
      )}
    </ToolCardShell>
  );
}

function Description({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p className="text-sm break-words whitespace-pre-line text-slate-600" dir="auto" data-testid="form-description">
      {text}
    </p>
  );
}

/** The form while the call waits for it: editable while the call can be answered, read-only once the chat went on. */
function Asking({ invocation, request }: { invocation: ToolInvocation<"requestUserInput">; request: Request }) {
  const { t } = useTranslation();
  const { submitOutput, answerable, chatId } = useToolCall(invocation);
  const [failure, setFailure] = useState<string | undefined>();
  // The half-filled form survives a reload, per user, chat and call, until it is answered.
  const user = useAuthStore((s) => s.user?.email);
  const draft = user && answerable ? draftKey(user, chatId, invocation.toolCallId) : undefined;

  const post = async (output: UserInputResult, failed: string) => {
    setFailure(undefined);
    try {
      await submitOutput(output);
      if (draft) clearDraft(draft);
    } catch (cause) {
      console.error("requestUserInput: posting the answer failed", cause);
      setFailure(failed);
    }
  };

  return (
    <div className="space-y-3">
      <Description text={request.description} />
      <DynamicForm
        fields={request.fields}
        disabled={!answerable}
        error={failure}
        draftKey={draft}
        onSubmit={({ values, labels }) => post({ submitted: true, values, labels }, t("forms.submitFailed"))}
        onCancel={() => post(CANCELED, t("forms.cancelFailed"))}
      />
    </div>
  );
}
