import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { IconProps } from "../../components/icons";
import { trackerName } from "./issues/names";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { OutputOf, ToolCardProps } from "../types";
import { CreateIcon, FieldsIcon, ProjectsIcon, SearchIssuesIcon, TransitionIcon } from "./icons";
import { type JiraTool, TOOL_KEY, parametersOf, readJira, trackerOf } from "./jira";
import { LABEL, Parameters } from "./parts";
import { CreateIssueView, CreateMetaView, DoTransitionView, ProjectsView, RawView, SearchView, TransitionsView } from "./views";

/**
 * What the card shows of each tool: its icon, its name in the title (from the result or,
 * before it, the input), the result line under the title, and the result.
 */
type View<N extends JiraTool> = {
  icon: (props: IconProps) => ReactNode;
  name: (result: OutputOf<N> | undefined, input: unknown, t: TFunction) => string;
  line: (result: OutputOf<N>, t: TFunction) => string;
  Response: (props: { result: OutputOf<N> }) => ReactNode;
};

const VIEWS: { readonly [N in JiraTool]: View<N> } = {
  jiraGetProjects: {
    icon: ProjectsIcon,
    name: (_, __, t) => t("jira.titles.projects"),
    line: (r, t) => t("jira.results.projects", { n: r.projects.length }),
    Response: ProjectsView,
  },
  jiraGetCreateMeta: {
    icon: FieldsIcon,
    name: (r, input, t) => {
      const project = r?.projectKey || parametersOf(input).projectKey;
      return project ? t("jira.titles.createMetaOf", { project }) : t("jira.titles.createMeta");
    },
    line: (_, t) => t("jira.results.createMeta"),
    Response: CreateMetaView,
  },
  jiraCreateIssue: {
    icon: CreateIcon,
    name: (_, __, t) => t("jira.titles.createIssue"),
    line: (r, t) => t("jira.results.createIssue", { key: r.issueKey }),
    Response: CreateIssueView,
  },
  jiraSearchIssues: {
    icon: SearchIssuesIcon,
    name: (_, __, t) => t("jira.titles.search"),
    line: (r, t) => t("jira.results.search", { n: r.total }),
    Response: SearchView,
  },
  jiraGetTransitions: {
    icon: TransitionIcon,
    name: (r, input, t) => {
      const issue = r?.issueKey || parametersOf(input).issue;
      return issue ? t("jira.titles.transitionsOf", { issue }) : t("jira.titles.transitions");
    },
    line: (r, t) => t("jira.results.transitions", { n: r.transitions.length }),
    Response: TransitionsView,
  },
  jiraDoTransition: {
    icon: TransitionIcon,
    name: (r, input, t) => {
      const issue = r?.issueKey || parametersOf(input).issue;
      return issue ? t("jira.titles.doTransitionOf", { issue }) : t("jira.titles.doTransition");
    },
    line: (_, t) => t("jira.results.doTransition"),
    Response: DoTransitionView,
  },
};

/**
 * The issue tracker's card (spec 001 §2.8), one for its six tools: titled with the
 * tracker's name and the tool's ('Waybill Tracker · Issue Search', 'Jira · Transitions:
 * OPS-12'), with the result line under it ('Found N issues', 'Created issue OPS-12', …, or
 * 'Search failed: {error}'); folded until clicked, then the parameters, the
 * result — projects, create metadata, the issue created, the issues found, the
 * transitions, the transition done, or the output as JSON when it is of another shape —
 * and 'Issue Tracker Results' at the foot. Creating an issue and moving one ask first:
 * the shell shows Approve and Deny with what exactly will be created or moved.
 */
export function JiraCard<N extends JiraTool>({ invocation }: ToolCardProps<N>) {
  const { t } = useTranslation();
  const tool = invocation.toolName;
  const view: View<N> = VIEWS[tool];
  const key: (typeof TOOL_KEY)[JiraTool] = TOOL_KEY[tool];
  const reading = readJira(tool, invocation.output);
  const result = reading && "result" in reading ? reading.result : undefined;
  const Icon = view.icon;
  const title = t("jira.title", { tracker: trackerOf(reading) ?? t("jira.trackerUnknown"), name: view.name(result, invocation.input, t) });

  let failure: string | undefined;
  if (invocation.phase === "failed") failure = t(`jira.failed.${key}`, { error: invocation.errorText?.trim() || t("tools.unknownError") });
  else if (reading && "failed" in reading) failure = t(`jira.failed.${key}`, { error: reading.failed || t("tools.unknownError") });

  const parameters = <Parameters tool={tool} input={invocation.input} />;

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<Icon className="size-4.5" />}
      accent="sky"
      title={title}
      runningLabel={t(`jira.running.${key}`)}
      summary={result ? view.line(result, t) : undefined}
      failure={failure}
      runningDetail={parameters}
      failureDetail={parameters}
      approvalSummary={<ApprovalSummary tool={tool} input={invocation.input} denied={invocation.phase === "denied"} parameters={parameters} />}
    >
      {parameters}
      {reading && !("failed" in reading) && (
        <section className="space-y-1.5" aria-label={t("jira.response")} data-testid="jira-response">
          <h4 className={LABEL}>{t("jira.response")}</h4>
          {"result" in reading ? <view.Response result={reading.result} /> : <RawView output={reading.raw} />}
        </section>
      )}
      <p className="border-t border-slate-100 pt-2 text-[11px] text-slate-400" data-testid="jira-footer">
        {t("jira.footer")}
      </p>
    </ToolCardShell>
  );
}

/**
 * What a call that changes the tracker will do, over its parameters: 'Creates this issue
 * in OPS:', 'Moves OPS-12 to In Progress:'. After a denial (the shell says it did not
 * run), the parameters alone.
 */
function ApprovalSummary({ tool, input, denied, parameters }: { tool: JiraTool; input: unknown; denied: boolean; parameters: ReactNode }) {
  const { t } = useTranslation();
  const params = parametersOf(input);
  let lead: string | undefined;
  if (tool === "jiraCreateIssue") lead = params.project ? t("jira.approval.createIssue", { project: params.project }) : t("jira.approval.createIssueAnywhere");
  else if (tool === "jiraDoTransition" && params.issue && params.transitionId) lead = t("jira.approval.byTransition", { issue: params.issue, id: params.transitionId });
  else if (tool === "jiraDoTransition" && params.issue && params.toStatus) lead = t("jira.approval.toStatus", { issue: params.issue, status: trackerName(params.toStatus, t) });
  return (
    <>
      {lead && !denied && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 wrap-anywhere" dir="auto" data-testid="jira-approval-lead">
          {lead}
        </p>
      )}
      {parameters}
    </>
  );
}
