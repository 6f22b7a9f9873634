import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { selectIsAdmin } from "../../auth/roles";
import { useAuthStore } from "../../auth/store";
import { CheckIcon, ChevronDown, ChevronRight } from "../../components/icons";
import {
  MenuCheckboxItem,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuRoot,
  MenuSeparator,
  MenuSub,
  MenuSubContent,
  MenuSubTrigger,
  MenuTrigger,
  menuItemClass,
} from "../../components/ui/Menu";
import type { ModelInfo } from "../../generated/ModelInfo";
import {
  type ModelOptions,
  REASONING_EFFORTS,
  REASONING_SUMMARIES,
  VERBOSITIES,
  onlyOffline,
  optionsKind,
} from "../models";
import { usePreferences } from "../preferences";

type Props = {
  /** The models to offer; undefined while they load. */
  models: ModelInfo[] | undefined;
  value: string;
  onChange: (modelId: string) => void;
};

const Check = ({ on }: { on: boolean }) => <CheckIcon className={`size-4 shrink-0 text-teal-600 ${on ? "" : "invisible"}`} />;

function Choice<V extends string>({ label, values, value, onChange, name }: { label: string; values: readonly V[]; value: V; onChange: (v: V) => void; name: (v: V) => string }) {
  return (
    <>
      <MenuLabel>{label}</MenuLabel>
      <MenuRadioGroup
        value={value}
        onValueChange={(v) => {
          const picked = values.find((x) => x === v);
          if (picked) onChange(picked);
        }}
      >
        {values.map((v) => (
          <MenuRadioItem key={v} value={v} className={menuItemClass} onSelect={(e) => e.preventDefault()}>
            <Check on={v === value} />
            {name(v)}
          </MenuRadioItem>
        ))}
      </MenuRadioGroup>
    </>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <MenuCheckboxItem checked={checked} onCheckedChange={onChange} onSelect={(e) => e.preventDefault()} className={menuItemClass}>
      <Check on={checked} />
      {label}
    </MenuCheckboxItem>
  );
}

/** gpt-5's options: reasoning effort, verbosity, reasoning summary (spec 000 §3). */
function OpenAiReasoningOptions({ options, set }: { options: ModelOptions; set: Setter }) {
  const { t } = useTranslation();
  return (
    <>
      <Choice label={t("model.reasoningEffort")} values={REASONING_EFFORTS} value={options.reasoningEffort} onChange={(v) => set("reasoningEffort", v)} name={(v) => t(`model.${v}`)} />
      <MenuSeparator />
      <Choice label={t("model.verbosity")} values={VERBOSITIES} value={options.verbosity} onChange={(v) => set("verbosity", v)} name={(v) => t(`model.${v}`)} />
      <MenuSeparator />
      <Choice label={t("model.reasoningSummary")} values={REASONING_SUMMARIES} value={options.reasoningSummary} onChange={(v) => set("reasoningSummary", v)} name={(v) => t(`model.${v}`)} />
    </>
  );
}

/** A Claude model's options: thinking and interleaved thinking. */
function ClaudeOptions({ options, set }: { options: ModelOptions; set: Setter }) {
  const { t } = useTranslation();
  return (
    <>
      <Toggle label={t("model.thinking")} checked={options.claudeThinking} onChange={(v) => set("claudeThinking", v)} />
      <Toggle label={t("model.interleavedThinking")} checked={options.claudeInterleavedThinking} onChange={(v) => set("claudeInterleavedThinking", v)} />
    </>
  );
}

type Setter = <K extends keyof ModelOptions>(key: K, value: ModelOptions[K]) => void;

/** The environment variables that give the server a provider (README "AI models"). */
const PROVIDER_KEYS = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "DEEPSEEK_API_KEY"] as const;

/**
 * What the offline model says about itself, said here too: no provider is set up. An
 * administrator reads how to add one (the README is not reachable from the app); anyone
 * else, that an administrator can.
 */
function NoProviderNote() {
  const { t } = useTranslation();
  const isAdmin = useAuthStore(selectIsAdmin);
  return (
    <div role="note" className="mx-1 mt-1 mb-0.5 rounded-md bg-amber-50 px-2.5 py-2 text-xs leading-relaxed text-amber-900" data-testid="no-provider-note">
      {isAdmin ? (
        <>
          <p>{t("model.noProviderAdmin")}</p>
          <ul className="my-1.5 flex flex-wrap gap-1">
            {PROVIDER_KEYS.map((key) => (
              <li key={key}>
                <code className="rounded bg-white/80 px-1 py-0.5 font-mono text-[11px] text-amber-950 ring-1 ring-amber-200">{key}</code>
              </li>
            ))}
          </ul>
          <p>{t("model.noProviderCompatible")}</p>
        </>
      ) : (
        <p>{t("model.noProvider")}</p>
      )}
    </div>
  );
}

const OPTION_PANELS: Record<NonNullable<ReturnType<typeof optionsKind>>, (p: { options: ModelOptions; set: Setter }) => ReactNode> = {
  "openai-reasoning": OpenAiReasoningOptions,
  claude: ClaudeOptions,
};

/**
 * The model dropdown (spec 000 §2): the available models; hovering gpt-5 or a Claude
 * entry opens a popover with that model's options, which go into `providerOptions`.
 */
export function ModelPicker({ models, value, onChange }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const options = usePreferences((s) => s.modelOptions);
  const set = usePreferences((s) => s.setModelOption);
  const current = models?.find((m) => m.id === value);
  const noProvider = models !== undefined && models.length > 0 && onlyOffline(models);
  // The offline model is named in the reader's language; provider models by their own names.
  const label = (m: ModelInfo) => (m.provider === "offline" ? t("model.offline") : m.name);
  const choose = (id: string) => {
    onChange(id);
    setOpen(false);
  };

  return (
    <MenuRoot open={open} onOpenChange={setOpen}>
      <MenuTrigger
        aria-label={`${t("model.label")}: ${current ? label(current) : value}`}
        data-testid="model-picker"
        className="inline-flex max-w-64 items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100"
      >
        <span className="truncate">{current ? label(current) : models ? value : t("model.loading")}</span>
        <ChevronDown className="size-4 shrink-0 text-slate-500" />
      </MenuTrigger>
      <MenuContent align="start" className={noProvider ? "w-80 max-w-[calc(100vw-1rem)]" : "w-64"} aria-label={t("model.label")}>
        <MenuLabel>{t("model.label")}</MenuLabel>
        {(models ?? []).map((m) => {
          const kind = optionsKind(m);
          const selected = m.id === value;
          if (!kind) {
            return (
              <MenuItem key={m.id} onSelect={() => choose(m.id)} data-model={m.id} aria-current={selected}>
                <Check on={selected} />
                <span className="truncate">{label(m)}</span>
              </MenuItem>
            );
          }
          const Panel = OPTION_PANELS[kind];
          return (
            <MenuSub key={m.id}>
              <MenuSubTrigger
                className={`${menuItemClass} data-[state=open]:bg-slate-100`}
                data-model={m.id}
                aria-current={selected}
                onClick={() => choose(m.id)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" || e.key === " ") onChange(m.id);
                }}
              >
                <Check on={selected} />
                <span className="flex-1 truncate">{label(m)}</span>
                <ChevronRight className="size-4 text-slate-400" />
              </MenuSubTrigger>
              <MenuSubContent className="w-56" aria-label={t("model.options", { model: label(m) })} data-testid="model-options">
                <Panel options={options} set={set} />
              </MenuSubContent>
            </MenuSub>
          );
        })}
        {noProvider && <NoProviderNote />}
      </MenuContent>
    </MenuRoot>
  );
}
