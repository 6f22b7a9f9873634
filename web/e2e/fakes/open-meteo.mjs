// A stand-in for Open-Meteo's geocoding (`/v1/search`) and forecast (`/v1/forecast`) APIs,
// answering with their real JSON shapes, so the weather tool can run in end-to-end tests
// on a machine without network. Deterministic: the same place gives the same weather.
//
//   node e2e/fakes/open-meteo.mjs [port]     prints "listening on http://127.0.0.1:PORT"
//
// The weather tool's base URLs point here (WAYBILL_WEATHER_GEOCODING_URL and
// WAYBILL_WEATHER_FORECAST_URL), with 127.0.0.1 allow-listed for the outbound client.
//
// Test-only place: "Slowtown" is found, but only after 20 s (within the server's 30 s
// outbound timeout), so a test can stop an answer while its weather call still runs
// ("What's the weather in Slowtown?"; e2e/conversation.test.mjs).
import { createServer } from "node:http";

/** Places the fake knows, as the geocoding API lists them. */
const PLACES = [
  { id: 4221552, name: "Savannah", latitude: 32.08354, longitude: -81.09983, elevation: 15, feature_code: "PPLA2", country_code: "US", timezone: "America/New_York", population: 147780, country: "United States", admin1: "Georgia" },
  { id: 5379439, name: "Ontario", latitude: 34.06334, longitude: -117.65089, elevation: 302, feature_code: "PPL", country_code: "US", timezone: "America/Los_Angeles", population: 175265, country: "United States", admin1: "California" },
  { id: 6093943, name: "Ontario", latitude: 49.25014, longitude: -84.49983, elevation: 358, feature_code: "ADM1", country_code: "CA", timezone: "America/Toronto", population: 12861940, country: "Canada", admin1: "Ontario" },
  { id: 2747891, name: "Rotterdam", latitude: 51.9225, longitude: 4.47917, elevation: 0, feature_code: "PPLA2", country_code: "NL", timezone: "Europe/Amsterdam", population: 598199, country: "Netherlands", admin1: "South Holland" },
  { id: 1850147, name: "Tokyo", latitude: 35.6895, longitude: 139.69171, elevation: 44, feature_code: "PPLC", country_code: "JP", timezone: "Asia/Tokyo", population: 8336599, country: "Japan", admin1: "Tokyo" },
  { id: 1796236, name: "Shanghai", latitude: 31.22222, longitude: 121.45806, elevation: 12, feature_code: "PPLA", country_code: "CN", timezone: "Asia/Shanghai", population: 24874500, country: "China", admin1: "Shanghai" },
];

/** Found after `SLOW_MS`: a weather call that is still running when a test stops it. */
const SLOWTOWN = { id: 9999001, name: "Slowtown", latitude: 38.5, longitude: -98.0, elevation: 550, feature_code: "PPL", country_code: "US", timezone: "America/Chicago", population: 1200, country: "United States", admin1: "Kansas" };
const SLOW_MS = 20_000;

const json = (res, status, body) => {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
};

/** Open-Meteo's own error shape. */
const refuse = (res, reason) => json(res, 400, { error: true, reason });

function search(params, res) {
  const name = params.get("name");
  if (name === null) return refuse(res, "Parameter 'name' is missing");
  const count = Math.min(Number(params.get("count") ?? 10) || 10, 100);
  const wanted = name.trim().toLowerCase();
  if (wanted === "slowtown") {
    const timer = setTimeout(() => json(res, 200, { results: [SLOWTOWN], generationtime_ms: SLOW_MS }), SLOW_MS);
    res.on("close", () => clearTimeout(timer));
    return;
  }
  const results = PLACES.filter((p) => wanted.length >= 2 && p.name.toLowerCase().startsWith(wanted)).slice(0, count);
  // Like the real API, no match means no `results` field at all.
  json(res, 200, results.length ? { results, generationtime_ms: 0.41 } : { generationtime_ms: 0.22 });
}

/** The place's local time now, as Open-Meteo writes it ("2025-06-01T14:00"), on the 15-minute mark. */
function localNow(timezone) {
  const at = new Date(Math.floor(Date.now() / 900_000) * 900_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

function utcOffsetSeconds(timezone) {
  const now = new Date();
  const local = new Date(now.toLocaleString("en-US", { timeZone: timezone }));
  const utc = new Date(now.toLocaleString("en-US", { timeZone: "UTC" }));
  return Math.round((local - utc) / 1000);
}

function forecast(params, res) {
  for (const required of ["latitude", "longitude"]) {
    if (params.get(required) === null) return refuse(res, `Parameter '${required}' is missing`);
  }
  const latitude = Number(params.get("latitude"));
  const longitude = Number(params.get("longitude"));
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) return refuse(res, `Latitude must be in range of -90 to 90°. Given: ${params.get("latitude")}.`);
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) return refuse(res, `Longitude must be in range of -180 to 180°. Given: ${params.get("longitude")}.`);
  const place = PLACES.reduce((best, p) => (Math.hypot(p.latitude - latitude, p.longitude - longitude) < Math.hypot(best.latitude - latitude, best.longitude - longitude) ? p : best));
  const timezone = params.get("timezone") === "auto" ? place.timezone : "GMT";
  const seed = Math.abs(Math.round(latitude * 7 + longitude * 3));
  const celsius = 12 + (seed % 180) / 10;
  const fahrenheit = params.get("temperature_unit") === "fahrenheit";
  const mph = params.get("wind_speed_unit") === "mph";
  const wind = 5 + (seed % 200) / 10;
  const current = {
    time: localNow(timezone),
    interval: 900,
    temperature_2m: Math.round((fahrenheit ? celsius * 1.8 + 32 : celsius) * 10) / 10,
    relative_humidity_2m: 40 + (seed % 50),
    weather_code: [0, 1, 2, 3, 61, 80][seed % 6],
    wind_speed_10m: Math.round((mph ? wind / 1.609 : wind) * 10) / 10,
  };
  const requested = (params.get("current") ?? "").split(",").filter(Boolean);
  json(res, 200, {
    latitude: Math.round(latitude * 100) / 100,
    longitude: Math.round(longitude * 100) / 100,
    generationtime_ms: 0.05,
    utc_offset_seconds: utcOffsetSeconds(timezone),
    timezone,
    timezone_abbreviation: timezone === "GMT" ? "GMT" : "",
    elevation: place.elevation,
    current_units: Object.fromEntries(
      [["time", "iso8601"], ["interval", "seconds"], ["temperature_2m", fahrenheit ? "°F" : "°C"], ["relative_humidity_2m", "%"], ["weather_code", "wmo code"], ["wind_speed_10m", mph ? "mp/h" : "km/h"]].filter(
        ([k]) => k === "time" || k === "interval" || requested.includes(k),
      ),
    ),
    current: Object.fromEntries(Object.entries(current).filter(([k]) => k === "time" || k === "interval" || requested.includes(k))),
  });
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method !== "GET") return json(res, 405, { error: true, reason: "Method not allowed" });
  if (url.pathname === "/v1/search") return search(url.searchParams, res);
  if (url.pathname === "/v1/forecast") return forecast(url.searchParams, res);
  json(res, 404, { error: true, reason: "Not found" });
});

server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});

for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.close(() => process.exit(0)));
