// The golden TEI transcripts of tests/transcripts/ (the format and the
// masking of tests/transcripts.rs): `> ` lines are sent, `< ` lines expected.
import fs from "node:fs";
import path from "node:path";

// The words of a line with the clock- and machine-dependent values masked.
export function masked(line) {
  const words = line.split(/\s+/).filter(Boolean);
  const out = [];
  for (let i = 0; i < words.length; i++) {
    out.push(words[i]);
    const timing = ["time", "nps", "hashfull", "nodes"].includes(words[i]);
    if (timing && line.startsWith("info ") && i + 1 < words.length) {
      out.push("*");
      i += 1;
    }
  }
  return out.join(" ");
}

export function parse(text) {
  const exchanges = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("> ")) {
      exchanges.push({ input: line.slice(2), expected: [] });
    } else if (line.startsWith("< ")) {
      exchanges.at(-1).expected.push(masked(line.slice(2)));
    }
  }
  return exchanges;
}

export function transcriptFiles(root) {
  const dir = path.join(root, "tests", "transcripts");
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".txt"))
    .sort()
    .map((f) => ({ name: f, exchanges: parse(fs.readFileSync(path.join(dir, f), "utf8")) }));
}
