// Menhir's Web Worker: one TEI line per message, both ways (as PTN Ninja's
// in-page engines expect). Lines that arrive while the engine loads wait.
importScripts("./menhir_wasm.js");

const early = [];
self.onmessage = ({ data }) => early.push(data);

wasm_bindgen({ module_or_path: "./menhir_wasm_bg.wasm" }).then(() => {
  const send = wasm_bindgen.start_engine((line) => self.postMessage(line));
  self.onmessage = ({ data }) => send(data);
  send("tei");
  early.splice(0).forEach((line) => send(line));
});
