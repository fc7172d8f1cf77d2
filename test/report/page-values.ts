/** Reads the exact numbers a report page carries (`data-stat` cards, `data-field` cells) from its HTML. */

export function cardValue(html: string, stat: string): number {
  const m = new RegExp(`data-stat="${stat}" data-value="([^"]*)"`).exec(html);
  if (!m) throw new Error(`no card ${stat} in the page`);
  return Number(m[1]);
}

/** The `data-field` values of the table row whose `attr` equals `key`. */
export function rowValues(html: string, attr: string, key: string): Record<string, number> | undefined {
  const m = new RegExp(`<tr ${attr}="${escapeRe(key)}">(.*?)</tr>`).exec(html);
  if (!m) return undefined;
  return Object.fromEntries([...m[1]!.matchAll(/data-field="(\w+)" data-value="([^"]*)"/g)].map((f) => [f[1]!, Number(f[2])]));
}

/** Every `attr` key with a row in the page, in page order. */
export function rowKeys(html: string, attr: string): string[] {
  return [...html.matchAll(new RegExp(`<tr ${attr}="([^"]*)">`, "g"))].map((m) => unescapeHtml(m[1]!));
}

function escapeRe(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

function unescapeHtml(s: string): string {
  return s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
}
