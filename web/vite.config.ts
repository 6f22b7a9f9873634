/// <reference types="vitest/config" />
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { readFile, readdir, writeFile } from "node:fs/promises";
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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: {
      "/api": { target: server, changeOrigin: false, ws: true },
      "/healthz": { target: server },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    restoreMocks: true,
  },
});
