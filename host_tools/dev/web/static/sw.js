// Offline at the table: the page's files from the network when it answers (so a new build is
// always taken), else from this cache, filled at the first visit (the service worker runs only on
// https or on this machine's own address).
const CACHE = "scoreboard-web";
const PAGE = ["./", "index.html", "app.js", "files.js", "style.css", "micropython.mjs", "micropython.wasm", "files.json",
  "manifest.webmanifest", "icon.svg"];

async function fill() {
  const cache = await caches.open(CACHE);
  const manifest = await (await fetch("files.json", { cache: "no-cache" })).json();
  await cache.addAll(PAGE.concat(manifest.files.map((rel) => "fw/" + rel + "?" + manifest.build)));
}

self.addEventListener("install", (ev) => {
  ev.waitUntil(fill());
  self.skipWaiting();
});

self.addEventListener("activate", (ev) => ev.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (ev) => {
  const url = new URL(ev.request.url);
  if (ev.request.method !== "GET" || url.origin !== location.origin) return;
  ev.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const fresh = await fetch(ev.request);
      if (fresh.ok) await cache.put(ev.request, fresh.clone());
      return fresh;
    } catch (e) {
      // the page itself under any query (?manual): the one cached copy
      const hit = await cache.match(ev.request) ||
        (ev.request.mode === "navigate" ? await cache.match("index.html") : undefined);
      if (hit) return hit;
      throw e;
    }
  })());
});
