import type { CubeFileList } from "../../../generated/bi/CubeFileList";
import type { CubeFileText } from "../../../generated/bi/CubeFileText";
import type { CubeSaved } from "../../../generated/bi/CubeSaved";
import type { CubeUpload } from "../../../generated/bi/CubeUpload";
import { api } from "../../../api/client";

const cube = (name: string) => `/api/admin/cubes/${encodeURIComponent(name)}`;

/** The current tenant's BI cubes: the shipped ones, then its own (admins only; others get 403). */
export function listCubes(signal?: AbortSignal): Promise<CubeFileList> {
  return api.get<CubeFileList>("/api/admin/cubes", { signal });
}

/** A cube's file as YAML; shipped cubes' too, to serve as templates. */
export function cubeFile(name: string, signal?: AbortSignal): Promise<CubeFileText> {
  return api.get<CubeFileText>(cube(name), { signal });
}

/** Checks a cube file by a trial run, and unless `checkOnly` stores it (replacing one of the same name). */
export function addCube(body: CubeUpload): Promise<CubeSaved> {
  return api.post<CubeSaved>("/api/admin/cubes", body);
}

export function removeCube(name: string): Promise<void> {
  return api.delete<void>(cube(name));
}
