// A stand-in for a SearXNG instance's JSON API (`/search?q=…&format=json`) and for the
// pages its results link to (`/pages/<slug>`), so the web search tools run in end-to-end
// tests on a machine without network. Results come in SearXNG's own JSON shape; their
// titles and snippets carry markup as real ones do (<b> highlights, and one hostile
// <script>), and the pages have navigation, scripts and a cookie banner around their
// article, which the page reader must leave out.
//
//   node e2e/fakes/searxng.mjs [port]     prints "listening on http://127.0.0.1:PORT"
//
// The server's web search points here (WAYBILL_WEB_SEARCH_PROVIDER=searxng and
// WAYBILL_WEB_SEARCH_URL), with 127.0.0.1 allow-listed for the outbound client.
import { createServer } from "node:http";

/** The pages results link to, by slug. */
const PAGES = {
  "racking-load-capacity": {
    title: "Pallet racking load capacity: a practical guide",
    article: [
      "Every bay of selective pallet racking carries a load sign: the most weight per level and per bay, set by the beam length and the upright frame.",
      "A standard 96-inch beam pair rated at 5,000 lb holds two 48 x 40 pallets of up to 2,500 lb each. Never exceed the sign, and re-rate the bay when beams move.",
      "Inspect uprights after any forklift impact; a bent upright takes the bay out of service until it is replaced.",
    ],
  },
  "rack-inspection-checklist": {
    title: "Rack inspection checklist for distribution centers",
    article: ["Walk every aisle weekly. Look for bent uprights, missing beam locks, damaged base plates and overloaded levels.", "Record findings by location and tag out damaged bays at once."],
  },
};

const RESULTS = [
  { slug: "racking-load-capacity", content: "How much weight a <b>pallet racking</b> bay holds, read from its load sign.", date: "2026-05-12T00:00:00" },
  { slug: "rack-inspection-checklist", content: "Weekly <b>rack</b> inspection: uprights, beam locks, base plates. <script>alert('x')</script>", date: null },
];

const page = ({ title, article }) => `<!doctype html><html lang="en"><head><title>${title}</title><script>window.tracking = true;</script><style>body{font-family:sans-serif}</style></head>
<body><nav><a href="/">Home</a> <a href="/shop">Shop racking</a> <a href="/blog">Blog</a></nav>
<div class="cookie-banner">We use cookies to improve your experience. <button>Accept all</button></div>
<main><article><h1>${title}</h1>${article.map((p) => `<p>${p}</p>`).join("")}</article></main>
<aside class="related">Related: forklift batteries, dock levelers</aside>
<footer>© Racking Direct. All rights reserved.</footer></body></html>`;

const server = createServer((req, res) => {
  const url = new URL(req.url, "http://localhost");
  if (url.pathname === "/search" && url.searchParams.get("format") === "json") {
    const query = url.searchParams.get("q") ?? "";
    const base = `http://${req.headers.host}`;
    const results = RESULTS.map((r, i) => ({
      url: `${base}/pages/${r.slug}`,
      title: i === 0 ? `${PAGES[r.slug].title} <b>(2026)</b>` : PAGES[r.slug].title,
      content: r.content,
      engine: "duckduckgo",
      engines: ["duckduckgo", "brave"],
      score: 2 - i * 0.5,
      category: "general",
      publishedDate: r.date,
    }));
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ query, number_of_results: results.length, results, answers: [], corrections: [], infoboxes: [], suggestions: [], unresponsive_engines: [] }));
    return;
  }
  const slug = url.pathname.startsWith("/pages/") ? url.pathname.slice("/pages/".length) : null;
  if (slug && PAGES[slug]) {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(page(PAGES[slug]));
    return;
  }
  res.writeHead(404, { "Content-Type": "text/plain" });
  res.end("not found");
});

server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
