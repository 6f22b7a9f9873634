import type { CubeFileInfo } from "../../../generated/bi/CubeFileInfo";
import type { CubeUpload } from "../../../generated/bi/CubeUpload";
import { type Call, json } from "../../../test/fetchMock";

/** A cube as the server lists one: shipped unless `extra` says otherwise. */
export function cube(name: string, title: string, extra: Partial<CubeFileInfo> = {}): CubeFileInfo {
  return {
    name,
    title,
    description: `${title} of the operational data.`,
    table: `wms.${name}`,
    fileName: `${name}.yaml`,
    measures: ["count"],
    dimensions: ["facility", "status"],
    joins: [],
    shipped: true,
    updatedBy: null,
    updatedAt: null,
    problem: null,
    ...extra,
  };
}

/** A minimal cube file for `name`, as admins write them. */
export const cubeYaml = (name: string, title = name) => `name: ${name}\ntitle: ${title}\ntable: wms.${name}\nmeasures:\n  count: { sql: "count(*)" }\n`;

const refused = (status: number, code: string, message: string) => json(status, { code, message });

type Options = {
  cubes: CubeFileInfo[];
  /** False when the tenant has no operational data connected. */
  available?: boolean;
  /** Each cube's file, by name (default: `cubeYaml`). */
  files?: Record<string, string>;
  /** Rows a trial run counts (default 1234). */
  rows?: number;
  /** Who adds cubes here. */
  adminEmail?: string;
  forbidden?: boolean;
};

/**
 * The BI cubes admin API in memory, for component tests. Reads a cube file's `name:`
 * and `title:` lines, and refuses as the server does: a file naming no cube or whose
 * text holds ';' (422 cube_invalid), a shipped cube's name (409 cube_shipped), removing
 * a cube another one joins (409 cube_in_use). Returns undefined for other paths, so it
 * can be a `fakeServer` override.
 */
export function fakeCubesServer({ cubes, available = true, files = {}, rows = 1234, adminEmail = "grace@example.test", forbidden = false }: Options) {
  const store = new Map(cubes.map((c) => [c.name, { ...c }]));
  const texts = new Map(cubes.map((c) => [c.name, files[c.name] ?? cubeYaml(c.name, c.title)]));

  const upload = ({ yaml, fileName, checkOnly = false }: CubeUpload): Response => {
    const name = /^name:\s*(\S+)/m.exec(yaml)?.[1];
    const file = fileName ?? `${name ?? "cube"}.yaml`;
    if (!name) return refused(422, "cube_invalid", `${file}: the file names no cube ('name' is missing)`);
    if (yaml.includes(";")) return refused(422, "cube_invalid", `${file}: the description holds ';', which a cube's text may not`);
    const current = store.get(name);
    if (current?.shipped) return refused(409, "cube_shipped", `${name} is a cube Waybill ships; give yours another name`);
    const saved = cube(name, /^title:\s*(.+)$/m.exec(yaml)?.[1] ?? name, { fileName: file, shipped: false, updatedBy: adminEmail, updatedAt: Date.now() });
    if (!checkOnly) {
      store.set(name, saved);
      texts.set(name, yaml);
    }
    return json(checkOnly ? 200 : 201, { cube: saved, replaced: current !== undefined, saved: !checkOnly, rows });
  };

  const handler = (call: Call): Response | undefined => {
    const url = new URL(call.path, "http://waybill.test");
    if (!url.pathname.startsWith("/api/admin/cubes")) return undefined;
    if (forbidden) return refused(403, "forbidden", "Only administrators of this tenant can do this");
    if (url.pathname === "/api/admin/cubes" && call.method === "GET") return json(200, { available, cubes: available ? [...store.values()] : [] });
    if (url.pathname === "/api/admin/cubes" && call.method === "POST") {
      if (!available) return refused(409, "bi_unavailable", "This tenant has no operational data connected");
      return upload(call.body as CubeUpload);
    }

    const name = decodeURIComponent(/^\/api\/admin\/cubes\/([^/]+)$/.exec(url.pathname)?.[1] ?? "");
    const current = store.get(name);
    if (!current) return refused(404, "cube_not_found", `There is no cube named ${name}`);
    if (call.method === "GET") return json(200, { name, fileName: current.fileName, shipped: current.shipped, yaml: texts.get(name) });
    if (call.method === "DELETE") {
      if (current.shipped) return refused(409, "cube_shipped", `${name} is a cube Waybill ships; it cannot be removed`);
      const joiner = [...store.values()].find((c) => c.joins.includes(name));
      if (joiner) return refused(409, "cube_in_use", `${joiner.name} joins ${name}: remove or change ${joiner.name} first`);
      store.delete(name);
      return new Response(null, { status: 204 });
    }
    return refused(405, "method_not_allowed", "Method not allowed");
  };
  return { handler, store };
}
