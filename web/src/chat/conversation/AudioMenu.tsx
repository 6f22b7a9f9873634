import { useTranslation } from "react-i18next";
import { authorizedFetch } from "../../api/client";
import { DownloadIcon, MicIcon } from "../../components/icons";
import { MenuContent, MenuItem, MenuRoot, MenuTrigger } from "../../components/ui/Menu";
import type { AudioRecordingInfo } from "../../generated/AudioRecordingInfo";
import { notify } from "../notices";

async function download(recording: AudioRecordingInfo): Promise<void> {
  const res = await authorizedFetch(recording.path);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = recording.displayName || recording.fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The chat's voice recordings, when it has any (spec 000 §2), each downloadable. */
export function AudioMenu({ recordings }: { recordings: AudioRecordingInfo[] }) {
  const { t } = useTranslation();
  if (recordings.length === 0) return null;
  return (
    <MenuRoot>
      <MenuTrigger className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
        <MicIcon className="size-4" />
        {t("audio.menu", { n: recordings.length })}
      </MenuTrigger>
      <MenuContent align="end">
        {recordings.map((r) => (
          <MenuItem key={r.fileName} onSelect={() => void download(r).catch(() => notify("error", t("errors.audioDownloadFailed")))}>
            <DownloadIcon className="size-4 text-slate-500" />
            <span className="truncate">{t("audio.download", { name: r.displayName || r.fileName })}</span>
          </MenuItem>
        ))}
      </MenuContent>
    </MenuRoot>
  );
}
