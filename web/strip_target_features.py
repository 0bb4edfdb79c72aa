#!/usr/bin/env python3
"""Removes the `target_features` custom section from a wasm file, in place.

The Rust standard library for wasm32 is prebuilt with reference types, and its
section tells wasm-bindgen to hold JavaScript values in an `externref` table.
Asyncify cannot save such values across a pause, so the engine is compiled
without reference types and wasm-bindgen, reading no section, keeps them in
its JavaScript heap instead."""
import sys


def leb(data, at):
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def strip(data):
    if data[:4] != b"\0asm":
        raise SystemExit("not a wasm module")
    out, at = bytearray(data[:8]), 8
    while at < len(data):
        start = at
        kind = data[at]
        size, body = leb(data, at + 1)
        end = body + size
        if kind == 0:
            length, name_at = leb(data, body)
            if data[name_at:name_at + length] == b"target_features":
                at = end
                continue
        out += data[start:end]
        at = end
    return bytes(out)


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__ + "\n\nUsage: strip_target_features.py FILE.wasm")
        sys.exit(0 if len(sys.argv) == 2 else 2)
    path = sys.argv[1]
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(strip(data))
