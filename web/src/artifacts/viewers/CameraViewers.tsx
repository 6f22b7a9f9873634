import { useTranslation } from "react-i18next";
import { CameraIcon } from "../../components/moreIcons";
import { num, str } from "../../lib/values";
import { type Camera, readCameras, streamsOf } from "./cameras";
import type { ViewerProps } from "./types";

function CameraTile({ camera }: { camera: Camera }) {
  const { t } = useTranslation();
  return (
    <li
      className={`flex items-start gap-3 rounded-lg border px-3 py-2 ${camera.online ? "border-slate-200 bg-white" : "border-slate-200 bg-slate-50 opacity-60"}`}
      data-testid="camera"
      data-online={camera.online}
    >
      <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-600">
        <CameraIcon className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate text-sm font-medium text-slate-900">{camera.name}</span>
          {camera.online ? (
            <span className="rounded bg-red-600 px-1 text-[10px] font-bold tracking-wide text-white">{t("artifacts.camera.live")}</span>
          ) : (
            <span className="rounded bg-slate-200 px-1 text-[10px] font-medium text-slate-600">{t("artifacts.camera.offline")}</span>
          )}
        </span>
        {camera.region && <span className="block truncate text-xs text-slate-500">{camera.region}</span>}
        {camera.streamUrl && <span className="block truncate font-mono text-[11px] text-slate-400">{camera.streamUrl}</span>}
      </span>
    </li>
  );
}

/** The camera list, in up to two columns (spec 000 §9). */
function CameraGrid({ cameras }: { cameras: Camera[] }) {
  const { t } = useTranslation();
  if (cameras.length === 0) return <p className="p-4 text-sm text-slate-500">{t("artifacts.camera.none")}</p>;
  return <ul className="grid grid-cols-1 gap-2 p-4 sm:grid-cols-2">{cameras.map((c) => <CameraTile key={c.id} camera={c} />)}</ul>;
}

/** `camera-streams` artifacts: the cameras whose live or playback streams were asked for. */
export function CameraStreamsViewer({ artifact }: ViewerProps) {
  return (
    <div className="h-full overflow-auto" data-testid="camera-streams">
      <CameraGrid cameras={streamsOf(artifact.props)} />
    </div>
  );
}

/** `camera-search` artifacts: cameras found, online first, with counts (total, onlineCount, searchTerm). */
export function CameraSearchViewer({ artifact }: ViewerProps) {
  const { t } = useTranslation();
  const cameras = readCameras(artifact.props.cameras);
  const online = cameras.filter((c) => c.online);
  const total = num(artifact.props.total) ?? cameras.length;
  const onlineCount = num(artifact.props.onlineCount) ?? online.length;
  const term = str(artifact.props.searchTerm);
  return (
    <div className="h-full overflow-auto" data-testid="camera-search">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-4 py-2 text-xs text-slate-600">
        {term && <span className="font-medium text-slate-900">{t("artifacts.camera.searchTerm", { term })}</span>}
        <span>{t("artifacts.camera.onlineCount", { online: onlineCount, total })}</span>
        <span className="ml-auto">{t("artifacts.camera.shown", { shown: cameras.length, total })}</span>
      </header>
      <CameraGrid cameras={[...online, ...cameras.filter((c) => !c.online)]} />
    </div>
  );
}
