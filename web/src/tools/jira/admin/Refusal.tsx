import { AlertIcon } from "../../../components/icons";

/**
 * A refusal under a translated heading, with the server's reason word for word (it names
 * the address or Jira's answer, which no translation could). Plain text only.
 */
export function Refusal({ title, reason, testId }: { title: string; reason: string; testId?: string }) {
  return (
    <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800" data-testid={testId}>
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5 break-words whitespace-pre-wrap">{reason}</p>
      </div>
    </div>
  );
}
