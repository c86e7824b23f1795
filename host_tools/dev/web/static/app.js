// The page's side of the web scoreboard: boots MicroPython WebAssembly with the firmware's files,
// runs main's loop (webboard.py) every POLL_MS, draws the panel, feeds the buttons, keeps /games in
// the browser's storage (files.js) and offers each game's log for download.
import { loadMicroPython } from "./micropython.mjs";
import { STORE_KEY, gameLogs, loadFirmware, restore, savedFiles, useFS } from "./files.js";

const POLL_MS = 10;                 // firmware/main.py's poll period
const KEYS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
  Enter: "ok", " ": "ok", Escape: "back", Backspace: "back" };

const params = new URLSearchParams(location.search);
const MANUAL = params.has("manual");   // the browser test moves the clock itself (advance)
const canvas = document.getElementById("panel");
const ctx = canvas.getContext("2d", { willReadFrequently: true });
const statusLine = document.getElementById("status");

let mp = null, board = null;
let frames = -1, lastSaved = null, loop = null, stopped = false;
let cols = [], rows = [];           // cols[i]: the device pixel where panel column i starts (fit())
const downAt = {};

// The page's own words, in the device's language (its setting, kept in /prefs.json).
const WORDS = {
  booting: ["起動中…", "Starting…"],
  running: ["MicroPython {v} で動作中（起動 {ms} ms{more}）", "Running on MicroPython {v} (started in {ms} ms{more})"],
  resumed: ["、保存したゲームあり", ", saved games found"],
  no_logs: ["まだありません", "None yet"],
  bytes: ["バイト", "bytes"],
  cannot_save: ["ブラウザーに保存できません: ", "Cannot save in this browser: "],
  unreadable: ["、読めない保存データは別に残しました", ", saved data that could not be read was kept aside"],
  failed: ["起動できませんでした: ", "Could not start: "],
  stopped: ["止まりました: ", "Stopped: "],
  other_tab: ["ゲームが別のタブで進みました。このタブは止めました（再読み込みで続きから）。",
    "The games went on in another tab. This tab has stopped (reload it to continue)."],
};
let lang = "ja", statusNow = null;   // statusNow: the status line's text, in the current language

function word(key, values) {
  let text = WORDS[key][lang === "en" ? 1 : 0];
  for (const k in values || {}) text = text.replace("{" + k + "}", values[k]);
  return text;
}

function say(text) { statusNow = null; statusLine.textContent = text; }

function tell(make) { say(make()); statusNow = make; }

function setLang(next) {
  if (next === lang) return;
  lang = next;
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-en]")) {
    if (el.dataset.ja === undefined) el.dataset.ja = el.textContent;
    el.textContent = lang === "en" ? el.dataset.en : el.dataset.ja;
  }
  for (const el of document.querySelectorAll("[data-en-label]")) {
    if (el.dataset.jaLabel === undefined) el.dataset.jaLabel = el.getAttribute("aria-label");
    el.setAttribute("aria-label", lang === "en" ? el.dataset.enLabel : el.dataset.jaLabel);
  }
  if (statusNow) tell(statusNow);
  if (board) listLogs();
}

// ---- the saved games and their logs --------------------------------------------------------------
// Every file at once as one item: a reload finds the folder as it was after one press, never a mix.
function save() {
  if (stopped) return;
  const text = JSON.stringify(savedFiles());
  if (text === lastSaved) return;
  try {
    localStorage.setItem(STORE_KEY, text);
    lastSaved = text;
  } catch (e) {
    say(word("cannot_save") + e.message);
  }
  listLogs();
}

function describe(bytes) {
  try {
    const head = JSON.parse(new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(10))));
    const en = lang === "en";
    return board.game_name(String(head.kind)) + (en ? ": " : "・") + head.seats.join(en ? ", " : "、");
  } catch (e) { return ""; }
}

function listLogs() {
  const list = document.getElementById("loglist");
  list.textContent = "";
  const logs = gameLogs();
  if (!logs.length) { const li = document.createElement("li"); li.textContent = word("no_logs"); list.appendChild(li); return; }
  for (const log of logs) {
    const li = document.createElement("li"), a = document.createElement("a");
    a.textContent = log.name;
    a.href = "#";
    a.className = "log";
    a.addEventListener("click", (ev) => {
      ev.preventDefault();
      const url = URL.createObjectURL(new Blob([log.bytes], { type: "text/plain" }));
      const link = document.createElement("a");
      link.href = url; link.download = log.name;
      document.body.appendChild(link); link.click(); link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });
    li.append(a, " " + describe(log.bytes) + (lang === "en" ? " (" : "（") + log.bytes.length + " " + word("bytes") + (lang === "en" ? ")" : "）"));
    list.appendChild(li);
  }
}

// ---- the panel ----------------------------------------------------------------------------------
// The panel is as wide as the page allows (style.css) and the canvas has exactly one pixel per
// device pixel of its box, so the browser never resamples it: a resampled canvas (a CSS size of 341.33 px at 3 device pixels
// per px) doubled one dark gap in every lit row, a 2-px seam at about dot column 96. Each panel dot
// covers the device pixels from cols[x] to cols[x + 1] (the same to one pixel: 8 or 9 of them);
// from 4 pixels up its last row and column stay dark, as between the OLED's dots.
function starts(n, size) {
  const out = [];
  for (let i = 0; i <= n; i++) out.push(Math.floor(i * size / n));
  return out;
}

function fit(width, height) {
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(128, width || Math.round(canvas.getBoundingClientRect().width * dpr));
  const h = Math.max(64, height || Math.round(canvas.getBoundingClientRect().height * dpr));
  if (canvas.width !== w || canvas.height !== h || cols.length !== 129) {
    canvas.width = w;
    canvas.height = h;
    cols = starts(128, w);
    rows = starts(64, h);
    if (board) draw();
  }
}

function watchSize() {
  // the box's size times the device pixel ratio (Chromium's devicePixelContentBoxSize gave CSS
  // pixels under an emulated device scale); the observer only says when it changed
  if (window.ResizeObserver) new ResizeObserver(() => fit()).observe(canvas);
  addEventListener("resize", () => fit());
}

function draw() {
  const [level, on, hex] = board.picture().split(" ");
  ctx.fillStyle = "#000";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (on !== "1") return;
  ctx.fillStyle = getComputedStyle(document.documentElement).getPropertyValue("--lit").trim() || "#dff3ff";
  ctx.globalAlpha = 0.5 + 0.5 * Number(level) / 255;   // contrast: dimmed is darker, still readable
  const gap = cols[1] - cols[0] >= 4 ? 1 : 0;
  for (let page = 0; page < 8; page++) {
    for (let x = 0; x < 128; x++) {
      const i = (page * 128 + x) * 2, b = parseInt(hex.substring(i, i + 2), 16);
      if (!b) continue;
      const left = cols[x], w = cols[x + 1] - left - gap;
      for (let bit = 0; bit < 8; bit++) {
        const y = page * 8 + bit;
        if (b & (1 << bit)) ctx.fillRect(left, rows[y], w, rows[y + 1] - rows[y] - gap);
      }
    }
  }
  ctx.globalAlpha = 1;
}

// The panel's pixels read back from the canvas (for the browser test): 64 rows of 128 "0"/"1".
function pixels() {
  const img = ctx.getImageData(0, 0, canvas.width, canvas.height).data, out = [];
  for (let y = 0; y < 64; y++) {
    let row = "";
    for (let x = 0; x < 128; x++) {
      const at = (rows[y] * canvas.width + cols[x]) * 4;
      row += img[at + 1] > 64 ? "1" : "0";
    }
    out.push(row);
  }
  return out;
}

// The brightest dot on the canvas, 0-255 (for the browser test of the screen care's dimming).
function glow() {
  const img = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  let most = 0;
  for (let i = 1; i < img.length; i += 4) if (img[i] > most) most = img[i];
  return most;
}

function after(result) {
  const n = result & 0xffffff;
  if (n !== frames) { frames = n; draw(); setLang(board.lang()); }
  if (result >> 24) save();
  return result;
}

// ---- the buttons --------------------------------------------------------------------------------
function press(name, down) {
  if (stopped && down) return;
  const el = document.querySelector('[data-button="' + name + '"]');
  if (down) {
    if (downAt[name] !== undefined) return;
    downAt[name] = performance.now();
    el.classList.add("down");
    board.press(name, 1);
    return;
  }
  if (downAt[name] === undefined) return;
  delete downAt[name];
  el.classList.remove("down");
  board.press(name, 0);     // a tap too short for the debounce is held by webboard.press()
}

function wireButtons() {
  for (const el of document.querySelectorAll("[data-button]")) {
    const name = el.dataset.button;
    let byPointer = false;
    el.addEventListener("pointerdown", (ev) => {
      ev.preventDefault();
      byPointer = true;
      el.setPointerCapture(ev.pointerId);
      press(name, true);
    });
    for (const kind of ["pointerup", "pointercancel", "lostpointercapture"]) {
      el.addEventListener(kind, () => press(name, false));
    }
    // A click with no finger before it (a screen reader, switch access, a script's el.click()):
    // a tap. The click that follows a finger's press and release is that same press: ignored.
    el.addEventListener("click", () => {
      if (byPointer) { byPointer = false; return; }
      press(name, true);
      press(name, false);
    });
    el.addEventListener("contextmenu", (ev) => ev.preventDefault());   // a long touch is a long press
  }
  addEventListener("keydown", (ev) => {
    const name = KEYS[ev.key];
    if (!name || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    ev.preventDefault();
    if (!ev.repeat) press(name, true);
  });
  addEventListener("keyup", (ev) => { const name = KEYS[ev.key]; if (name) press(name, false); });
  addEventListener("blur", () => { for (const name of Object.keys(downAt)) press(name, false); });
  addEventListener("pagehide", () => { if (board) save(); });
}

function stop(why) {
  stopped = true;
  if (loop !== null) clearInterval(loop);
  for (const el of document.querySelectorAll("[data-button]")) el.disabled = true;
  tell(why);
}

// ---- boot ---------------------------------------------------------------------------------------
async function boot() {
  const t0 = performance.now();
  mp = await loadMicroPython({ heapsize: 4 * 1024 * 1024, stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
  useFS(mp.FS);
  fit();
  watchSize();
  addEventListener("load", fit);
  const manifest = await loadFirmware();
  const restored = restore();
  if (restored.saved !== null) lastSaved = restored.saved;
  mp.runPython("import sys\nsys.path.insert(0, '/fw')\n");
  board = mp.pyimport("webboard");
  after(board.boot(MANUAL));
  save();      // what the boot itself wrote (a journal's torn tail repaired, a game set aside)
  wireButtons();
  listLogs();
  const ms = Math.round(performance.now() - t0);
  tell(() => word("running", { v: manifest.port, ms: ms,
    more: (restored.games ? word("resumed") : "") + (restored.bad ? word("unreadable") : "") }));
  if (!MANUAL) {
    loop = setInterval(() => {
      try { after(board.tick()); } catch (e) {    // main.py would show it on the panel and stop too
        stop(() => word("stopped") + (e && e.message ? e.message : e));
        console.error(e);
      }
    }, POLL_MS);
  }
  // Two tabs on the same games would overwrite each other's saves: the older tab gives way.
  addEventListener("storage", (ev) => {
    if (ev.key === STORE_KEY) stop(() => word("other_tab"));
  });
  if ("serviceWorker" in navigator && !MANUAL) {
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn("no offline copy:", e));
  }
  window.scoreboard = { ready: true, boot_ms: ms, manual: MANUAL,
    advance: (ms) => after(board.advance(ms)), pixels, glow, logs: () => gameLogs().map((l) => ({ name: l.name, text: new TextDecoder().decode(l.bytes) })) };
}

boot().catch((e) => {
  say(word("failed") + (e && e.message ? e.message : e));
  console.error(e);
  window.scoreboard = { ready: false, error: String(e && e.message ? e.message : e) };
});
