import { isRecord, num, str } from "../../lib/values";

/** One camera as the camera artifacts list it; the camera tools' own shapes vary, so fields are read leniently. */
export type Camera = { id: string; name: string; online: boolean; region: string | undefined; streamUrl: string | undefined };

const isOnline = (item: Record<string, unknown>) =>
  item.online === true || item.isOnline === true || item.status === 1 || (typeof item.status === "string" && ["online", "1"].includes(item.status.toLowerCase()));

export function readCamera(item: unknown, index: number): Camera | null {
  if (!isRecord(item)) return null;
  const id = str(item.cameraIndexCode) ?? str(item.id) ?? str(item.cameraId) ?? String(num(item.id) ?? index);
  return {
    id,
    name: str(item.cameraName) ?? str(item.name) ?? str(item.title) ?? id,
    online: isOnline(item),
    region: str(item.regionName) ?? str(item.regionIndexCode) ?? str(item.region),
    streamUrl: str(item.streamUrl) ?? str(item.url) ?? str(item.hlsUrl) ?? str(item.wsUrl),
  };
}

export const readCameras = (list: unknown): Camera[] =>
  Array.isArray(list) ? list.flatMap((item, i) => readCamera(item, i) ?? []) : [];

/** camera-streams' `streams`, else its `data` (a list, or an object holding `streams` or `list`). */
export function streamsOf(props: Record<string, unknown>): Camera[] {
  if (Array.isArray(props.streams)) return readCameras(props.streams);
  const { data } = props;
  if (Array.isArray(data)) return readCameras(data);
  if (isRecord(data)) return readCameras(data.streams ?? data.list ?? data.cameras);
  return [];
}
