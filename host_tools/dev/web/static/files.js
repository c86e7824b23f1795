// The page's files: the firmware fetched into MicroPython's filesystem, the saved games kept in
// the browser's storage (every file at once, one item) and put back at a load, and each game's log
// joined from its journal segments. app.js hands in MicroPython's filesystem (useFS).
export const STORE_KEY = "scoreboard/fs";  // localStorage: {path: base64} of the saved files
const SAVED_DIR = "/games";         // the store's folder (firmware/storage/store.py)
const SAVED_FILES = ["/names.json", "/prefs.json"];   // beside it (storage/layout.py)

let FS = null;

export function useFS(fs) { FS = fs; }

// ---- the wasm filesystem ------------------------------------------------------------------------
function mkdirs(path) {
  let at = "";
  for (const part of path.split("/").filter(Boolean)) {
    at += "/" + part;
    try { FS.mkdir(at); } catch (e) { /* exists */ }
  }
}

function isDir(path) { return FS.isDir(FS.stat(path).mode); }

function walk(dir, out) {
  let names;
  try { names = FS.readdir(dir); } catch (e) { return out; }
  for (const name of names) {
    if (name === "." || name === "..") continue;
    const path = dir + "/" + name;
    if (isDir(path)) walk(path, out); else out.push(path);
  }
  return out;
}

function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text) {
  const s = atob(text), bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

export async function loadFirmware() {
  const manifest = await (await fetch("files.json", { cache: "no-cache" })).json();
  const bodies = await Promise.all(manifest.files.map(async (rel) => {
    const r = await fetch("fw/" + rel + "?" + manifest.build);
    if (!r.ok) throw new Error("fw/" + rel + ": HTTP " + r.status);
    return new Uint8Array(await r.arrayBuffer());
  }));
  manifest.files.forEach((rel, i) => {
    const path = "/fw/" + rel;
    mkdirs(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bodies[i]);
  });
  return manifest;
}

// ---- the games in the browser's storage ---------------------------------------------------------
export function savedFiles() {
  const paths = walk(SAVED_DIR, []);
  for (const p of SAVED_FILES) { try { FS.stat(p); paths.push(p); } catch (e) { /* none */ } }
  const out = {};
  for (const p of paths.sort()) out[p] = toBase64(FS.readFile(p));
  return out;
}

// Returns {files: how many were put back, games: ... of them in /games, bad: whether some of the saved data
// could not be read, saved: the stored text when all of it was put back (null otherwise)}.
// Data that cannot be read is kept aside under its own key (as the store keeps an unreadable game
// in aside/), never silently overwritten by the next save.
export function restore() {
  const text = localStorage.getItem(STORE_KEY);
  const out = { files: 0, games: 0, bad: false, saved: null };
  if (!text) return out;
  let files = null;
  try { files = JSON.parse(text); } catch (e) { /* below */ }
  if (files === null || typeof files !== "object" || Array.isArray(files)) {
    out.bad = true;
    files = {};
  }
  for (const [path, data] of Object.entries(files)) {
    if (!(path.startsWith(SAVED_DIR + "/") || SAVED_FILES.includes(path)) || path.includes("/../")) {
      out.bad = true;
      continue;
    }
    try {
      const bytes = fromBase64(String(data));
      mkdirs(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, bytes);
      out.files++;
      if (path.startsWith(SAVED_DIR + "/")) out.games++;
    } catch (e) {
      out.bad = true;
    }
  }
  if (out.bad) {
    try { localStorage.setItem(STORE_KEY + ".unreadable", text); } catch (e) { /* full: nothing more to do */ }
  } else {
    out.saved = text;
  }
  return out;
}

// ---- logs: a game's journal segments NNNN-GGGGGGGG.S.log joined, as one NNNN-GGGGGGGG.log --------
export function gameLogs() {
  const games = {};
  for (const path of walk(SAVED_DIR, [])) {
    const m = /\/([0-9]+-[0-9a-f]+)\.([0-9]+)\.log$/.exec(path);
    if (!m || path.includes("/aside/")) continue;
    (games[m[1]] = games[m[1]] || []).push([Number(m[2]), path]);
  }
  return Object.keys(games).sort().map((stem) => {
    const parts = games[stem].sort((a, b) => a[0] - b[0]).map(([, p]) => FS.readFile(p));
    const size = parts.reduce((n, b) => n + b.length, 0), all = new Uint8Array(size);
    let at = 0;
    for (const b of parts) { all.set(b, at); at += b.length; }
    return { name: stem + ".log", bytes: all };
  });
}
