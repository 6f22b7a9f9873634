/// <reference types="vitest/config" />
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { readFile, readdir, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/** Where `npm run dev` and `npm run preview` send /api: a running `waybill serve`. */
const server = process.env.WAYBILL_API_URL ?? "http://127.0.0.1:3000";

/**
 * Writes a Brotli and a gzip copy next to every text asset of the build, so the server
 * sends compressed bytes without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "waybill-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|txt|map)$/.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        const bytes = await readFile(path);
        if (bytes.length < 1024) continue;
        await writeFile(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/** Chart.js and its colour library: the dashboard page's chunk `charts`, never the app's. */
const CHARTS = /[\\/]node_modules[\\/](chart\.js|@kurkle[\\/]color)[\\/]/;

/**
 * Fails the build when Chart.js is in a chunk the app (index.html) loads, statically or
 * on demand: only the dashboard page (dashboard.html) draws charts.
 */
function chartsOnlyOnDashboards(): Plugin {
  return {
    name: "waybill-charts-only-on-dashboards",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [[file.fileName, file] as const] : [])));
      const app = [...chunks.values()].filter((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith("/index.html"));
      if (app.length === 0) this.error("the app's entry chunk (index.html) is missing from the build");
      const seen = new Set<string>();
      const pending = app.map((chunk) => chunk.fileName);
      for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
        if (seen.has(name)) continue;
        seen.add(name);
        const chunk = chunks.get(name);
        if (!chunk) continue;
        const charts = chunk.moduleIds.find((id) => CHARTS.test(id));
        if (charts) this.error(`Chart.js (${charts}) is in ${name}, which the app loads: import it only from src/dashboard/`);
        pending.push(...chunk.imports, ...chunk.dynamicImports);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), chartsOnlyOnDashboards(), precompress()],
  server: {
    proxy: {
      "/api": { target: server, changeOrigin: false, ws: true },
      "/healthz": { target: server },
      // The built-in tracker's Jira-compatible REST API.
      "/tracker/rest": { target: server },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    rolldownOptions: {
      // The app, and the standalone dashboard page the server fills in and serves at /d/{token}.
      input: { main: "index.html", dashboard: "dashboard.html" },
      output: {
        codeSplitting: { groups: [{ name: "charts", test: CHARTS }] },
      },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    restoreMocks: true,
    // Vitest keeps a core for itself by default (one worker on two cores), but its main
    // process idles while the files run: give the workers every core.
    maxWorkers: availableParallelism(),
    // Rendering a 200-row table or a form of every field type in jsdom takes seconds on two
    // busy cores; the tests assert what is rendered, not how fast.
    testTimeout: 20_000,
  },
});
