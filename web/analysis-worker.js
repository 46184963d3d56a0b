// web/analysis-worker.js - the Hex and Twixt search for the analysis board, in a Web Worker.
//
// It runs ludex-engine.js (libludex's engine in WebAssembly, `make web-engine`) on its own thread,
// so the page's main thread never waits for it.  Messages in:
//   {type: "position", kind: "hex"|"twixt", cols, rows, rules, moves: ["e5", ...], seed, budget}
//       a new search of that position (the one before is dropped); it thinks in slices of
//       0.1 s, each answered, until `budget` seconds (0: until stopped) or "stop";
//   {type: "stop"}, {type: "continue"}.
// Messages out: {type: "eval", to_play, over, playouts, seconds, last, last_seconds, value,
// moves: [{move, visits, value}]} after each slice (value: the chance to win of the side to
// move), {type: "stopped"}, {type: "error", message}.  Nothing goes to the network.
import createLudexEngine from "./ludex-engine.js";

const SLICE = 0.1; // seconds a slice: short enough that stop and a new position are heard at once
let engine = null; // the module, once loaded
let api = null;
let current = 0; // the engine of the position searched, 0 when none
let thinking = false, budget = 0, spent = 0, generation = 0;

async function load() {
  if (engine) return;
  engine = await createLudexEngine({ locateFile: (file) => new URL(file, import.meta.url).href });
  api = {
    create: engine.cwrap("lxe_new", "number", ["string", "number", "number", "string", "number"]),
    error: engine.cwrap("lxe_error", "string", ["number"]),
    free: engine.cwrap("lxe_free", null, ["number"]),
    play: engine.cwrap("lxe_play", "number", ["number", "string"]),
    think: engine.cwrap("lxe_think", "number", ["number", "number", "number"]),
  };
}

function fail(message) {
  thinking = false;
  postMessage({ type: "error", message });
}

function position(m) {
  if (current) api.free(current);
  current = api.create(m.kind, m.cols, m.rows, m.rules || "", m.seed || 0);
  if (!current) return fail("out of memory");
  const why = api.error(current);
  if (why) {
    api.free(current);
    current = 0;
    return fail(why);
  }
  for (const mv of m.moves || []) {
    if (api.play(current, mv) !== 0) return fail(api.error(current));
  }
  budget = m.budget || 0;
  spent = 0;
  thinking = true;
  step(++generation);
}

// One slice, then the next after any message that came meanwhile.
function step(gen) {
  if (!thinking || gen !== generation || !current) return;
  const at = api.think(current, SLICE, 8);
  if (!at) return fail(api.error(current));
  const e = JSON.parse(engine.UTF8ToString(at));
  spent += e.last_seconds || SLICE;
  postMessage(Object.assign({ type: "eval" }, e));
  if (e.over || (budget > 0 && spent >= budget)) {
    thinking = false;
    postMessage({ type: "stopped" });
    return;
  }
  setTimeout(() => step(gen), 0);
}

onmessage = async (ev) => {
  const m = ev.data || {};
  try {
    await load();
    if (m.type === "position") position(m);
    else if (m.type === "stop") {
      thinking = false;
      postMessage({ type: "stopped" });
    } else if (m.type === "continue" && current && !thinking) {
      thinking = true;
      step(++generation);
    }
  } catch (err) {
    fail(String(err && err.message ? err.message : err));
  }
};
