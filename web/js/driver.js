
// ---------------------------------------------------------------------------
// Menhir's driver (web/js/driver.js, appended to the wasm-bindgen glue by
// web/build.sh). The engine runs each search on the worker's only thread. The
// search calls `menhirPause` every few milliseconds; the driver then unwinds
// the WebAssembly stack into a buffer (Binaryen's Asyncify), returns to the
// event loop so the worker takes its messages (`stop`, `isready`), and
// rewinds the stack where it was. `menhirLoadNetwork` unwinds the same way
// until a board size's network has been fetched.
// ---------------------------------------------------------------------------
(function (scope) {
  "use strict";
  const NORMAL = 0;
  const UNWINDING = 1;
  const REWINDING = 2;

  // A macrotask that comes after the messages already waiting: setImmediate
  // where there is one (Node, whose MessagePorts would run before its other
  // events), else a MessageChannel (setTimeout is clamped to 4 ms once nested).
  function makeLater() {
    if (typeof setImmediate === "function") {
      return (task) => setImmediate(task);
    }
    const channel = new MessageChannel();
    const tasks = [];
    channel.port1.onmessage = () => tasks.shift()();
    return (task) => {
      tasks.push(task);
      channel.port2.postMessage(null);
    };
  }

  // The network file of board size `size`, as bytes: from the host's own
  // loader when it set one (`menhirLoadNetworkFile`), else fetched from
  // nets/s<size>.bin beside the script that loaded the engine.
  async function networkFile(size) {
    if (typeof scope.menhirLoadNetworkFile === "function") {
      return new Uint8Array(await scope.menhirLoadNetworkFile(size));
    }
    const base = scope.menhirNetworkBase || (scope.location && scope.location.href);
    const response = await fetch(new URL(`nets/s${size}.bin`, base));
    if (!response.ok) {
      throw new Error(`HTTP ${response.status} for ${response.url}`);
    }
    return new Uint8Array(await response.arrayBuffer());
  }

  // The driver whose engine is running: the search's pause (a global the
  // engine calls directly, `menhir::search::pause`) is its.
  let active = null;
  scope.menhirPause = () => active.menhirPause();

  scope.menhirDriver = function (pump, exports, stack, stackLength, output) {
    const later = makeLater();
    // A build without Asyncify (web/build.sh --no-pause, for measurements)
    // never pauses, and loads networks only from a synchronous loader.
    const pauses = typeof exports.asyncify_get_state === "function";
    let depth = 0; // calls into the engine under way
    let running = false; // a pump is under way (maybe unwound)
    let waiting = null; // what to do while unwound, then rewind

    function enter(call) {
      depth += 1;
      try {
        return call();
      } finally {
        depth -= 1;
      }
    }

    function crashed(error) {
      running = false;
      console.error("Menhir stopped:", error);
      output(`info error the engine stopped: ${error}`);
    }

    function step(rewind) {
      try {
        if (rewind) {
          exports.asyncify_start_rewind(stack);
        }
        active = driver;
        enter(() => pump.run());
        if (!pauses || exports.asyncify_get_state() !== UNWINDING) {
          running = false;
          return;
        }
        exports.asyncify_stop_unwind();
      } catch (error) {
        crashed(error);
        return;
      }
      const task = waiting;
      waiting = null;
      Promise.resolve()
        .then(task)
        .catch((error) => console.error("Menhir:", error))
        .then(() => later(() => step(true)));
    }

    // Unwinds to the event loop, to run `task` there and then rewind; on the
    // rewind, returns to the engine.
    function suspend(task) {
      if (exports.asyncify_get_state() === REWINDING) {
        exports.asyncify_stop_rewind();
        return;
      }
      const header = new Int32Array(exports.memory.buffer, stack, 2);
      header[0] = stack + 8;
      header[1] = stack + stackLength;
      waiting = task;
      exports.asyncify_start_unwind(stack);
    }

    function send(line) {
      if (depth > 0) {
        // Called back from the engine's own output: take it afterwards.
        queueMicrotask(() => send(line));
        return;
      }
      enter(() => pump.receive(String(line)));
    }

    const driver = {
      send,
      wake() {
        if (!running) {
          running = true;
          later(() => step(false));
        }
      },
      menhirPause() {
        if (pauses) suspend(null);
      },
      menhirLoadNetwork(size) {
        if (!pauses) {
          const load = scope.menhirLoadNetworkFileSync;
          if (typeof load === "function") pump.install_network(size, new Uint8Array(load(size)));
          return;
        }
        suspend(() =>
          networkFile(size).then(
            (bytes) => enter(() => pump.install_network(size, bytes)),
            (error) => enter(() => pump.network_failed(size, String(error)))
          )
        );
      },
    };
    return driver;
  };
})(typeof self !== "undefined" ? self : globalThis);
