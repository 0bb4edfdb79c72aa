//! Menhir in the browser: the engine compiled to WebAssembly for a Web Worker,
//! as PTN Ninja runs its in-page engines (`docs/browser.md`).
//!
//! `start_engine(output)` returns a function that takes one TEI line; the
//! engine answers through `output`, one line a call. The protocol is the
//! native one: the same `tei::Session`, in its hosted form, where this crate
//! runs each search itself on the worker's only thread. The search calls the
//! page's `menhirPause` every `PAUSE_EVERY` (`menhir::search::pause`); the
//! driver (`js/driver.js`, appended to the wasm-bindgen glue by `build.sh`)
//! then unwinds the stack with Binaryen's Asyncify, lets the worker take its
//! messages, and rewinds it, so `stop` and `isready` are answered while a
//! search runs. A size's network is fetched when a search first needs it, the
//! same way (`menhirLoadNetwork`).

mod host;
mod lines;

use host::Host;
use js_sys::Function;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The driver of `js/driver.js`: the JavaScript side of the pauses.
    type Driver;

    /// Makes the driver for `pump`, whose Asyncify stack is `stack_len`
    /// bytes at `stack`; `output` takes the engine's lines (for a crash).
    #[wasm_bindgen(js_name = menhirDriver)]
    fn new_driver(
        pump: Pump,
        exports: JsValue,
        stack: u32,
        stack_len: u32,
        output: &Function,
    ) -> Driver;

    /// The function that takes the client's lines.
    #[wasm_bindgen(method, getter)]
    fn send(this: &Driver) -> Function;

    /// Asks for `Pump::run` soon (after the current message).
    #[wasm_bindgen(method)]
    fn wake(this: &Driver);

    /// Unwinds until the network of board size `size` was fetched and given
    /// to `Pump::install_network`, or could not be (an Asyncify import too).
    #[wasm_bindgen(method, js_name = menhirLoadNetwork)]
    fn load_network(this: &Driver, size: u32);
}

/// The driver's handle on the engine.
#[wasm_bindgen]
pub struct Pump(Rc<Host>);

#[wasm_bindgen]
impl Pump {
    /// Handles the lines that wait, running each search they start.
    pub fn run(&self) {
        self.0.pump();
    }

    /// Takes one message from the client (a TEI line, or several).
    pub fn receive(&self, text: &str) {
        self.0.receive(text);
    }

    /// Installs the network file `bytes` (`nets/s<size>.bin`) for board size
    /// `size`.
    pub fn install_network(&self, size: u32, bytes: &[u8]) -> Result<(), JsError> {
        menhir::eval::install_network(size as usize, bytes).map_err(|e| JsError::new(&e))
    }

    /// Tells the engine the network of board size `size` could not be had.
    pub fn network_failed(&self, size: u32, reason: &str) {
        self.0.network_failed(size as usize, reason);
    }
}

/// Starts an engine that writes its TEI lines to `output` (one line a call);
/// returns the function that takes the client's lines.
#[wasm_bindgen]
pub fn start_engine(output: Function) -> Function {
    let crash_output = output.clone();
    let host = Rc::new(Host::new(output));
    let (stack, stack_len) = host.asyncify_stack();
    let driver = new_driver(
        Pump(Rc::clone(&host)),
        wasm_bindgen::exports(),
        stack,
        stack_len,
        &crash_output,
    );
    let send = driver.send();
    host.set_driver(driver);
    send
}

/// The bench as the native `menhir bench` runs it: `{ signature, depth,
/// positions: [[tps, halfKomi], …] }`, for checks that replay it over TEI.
#[wasm_bindgen]
pub fn bench_spec() -> JsValue {
    let positions = js_sys::Array::new();
    for (tps, half_komi) in menhir::bench::POSITIONS {
        let pair = js_sys::Array::of2(&JsValue::from_str(tps), &JsValue::from(half_komi));
        positions.push(&pair);
    }
    let spec = js_sys::Object::new();
    let set = |key: &str, value: &JsValue| {
        let _ = js_sys::Reflect::set(&spec, &JsValue::from_str(key), value);
    };
    set("signature", &JsValue::from(menhir::bench::SIGNATURE as f64));
    set("depth", &JsValue::from(menhir::bench::DEPTH));
    set("positions", &positions);
    spec.into()
}
