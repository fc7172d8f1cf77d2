/** Misspellings by rule, for the generated typo sets (typos.ts, names.ts). */

export const EDITS = ["swap", "drop", "double", "neighbour", "first-swap", "first-drop"] as const;
export type Edit = (typeof EDITS)[number];
const KEYBOARD = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];

function misspellRun(w: string, edit: Edit, rnd: () => number): string {
  const i = 1 + Math.floor(rnd() * (w.length - 2));
  switch (edit) {
    case "swap":
      return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
    case "drop":
      return w.slice(0, i) + w.slice(i + 1);
    case "double":
      return w.slice(0, i) + w[i] + w.slice(i);
    case "neighbour": {
      const c = w[i]!.toLowerCase();
      const row = KEYBOARD.find((r) => r.includes(c));
      if (!row) return w.slice(0, i) + w.slice(i + 1);
      const k = row.indexOf(c);
      const n = row[k === 0 ? 1 : k === row.length - 1 ? k - 1 : rnd() < 0.5 ? k - 1 : k + 1]!;
      return w.slice(0, i) + (w[i] === c ? n : n.toUpperCase()) + w.slice(i + 1);
    }
    case "first-swap":
      return w[1]! + w[0] + w.slice(2);
    case "first-drop":
      return w.slice(1);
  }
}

/** The word with its longest run of letters misspelt (all of it, for a plain word). */
export function misspell(word: string, edit: Edit, rnd: () => number): string {
  const run = [...word.matchAll(/[a-z]+/gi)].sort((a, b) => b[0].length - a[0].length)[0]!;
  const at = run.index!;
  return word.slice(0, at) + misspellRun(run[0], edit, rnd) + word.slice(at + run[0].length);
}
