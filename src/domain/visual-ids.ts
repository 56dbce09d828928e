// `open-visual`'s id check (Go: CheckVisualIDConsistency, ParseOutlineInventoryIDs and ScanHTMLIDs,
// beside engine/internal/lib/open_visual.go): the ids a visual's outline companion lists under
// `## ID inventory` (the first column of its table) must be `id` attributes of the HTML. Only
// inventory → HTML is checked: an id the HTML alone has (an SVG marker) is decorative. Pure.

const ID_ATTR = /\bid\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

interface VisualIdReport {
  inventory: string[];
  html: string[];
  missingInHtml: string[];
}

/** The `id="…"` / `id='…'` values of an HTML text, once each, in document order. */
export function scanHtmlIds(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(ID_ATTR)) {
    const id = (m[1] || m[2] || "").trim();
    if (id !== "") out.add(id);
  }
  return [...out];
}

/** The lines under the `## <heading>` (any case) up to the next `## ` heading, or undefined. */
function section(md: string, heading: string): string[] | undefined {
  const lines = md.split("\n");
  let start = -1;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (!t.startsWith("## ")) continue;
    if (t.slice(3).trim().toLowerCase() === heading.toLowerCase()) {
      start = i + 1;
      continue;
    }
    if (start >= 0) return lines.slice(start, i);
  }
  return start < 0 ? undefined : lines.slice(start);
}

const isSeparatorCell = (cell: string) => /^[-: ]+$/.test(cell) && cell.includes("-");

/** The ids of the outline's `## ID inventory` table: each row's first cell, backticks off, header and separator rows skipped. */
export function outlineInventoryIds(outline: string): string[] {
  const out = new Set<string>();
  for (const raw of section(outline, "ID inventory") ?? []) {
    const line = raw.trim();
    if (!line.startsWith("|")) continue;
    const first = (line.replace(/^\|/, "").replace(/\|$/, "").split("|")[0] ?? "").trim();
    if (first === "" || isSeparatorCell(first)) continue;
    const header = first.replace(/`/g, "").toLowerCase().split(/\s+/).filter((w) => w !== "").join(" ");
    if (header === "html id" || header === "id") continue;
    const id = first.replace(/^`+|`+$/g, "").trim();
    if (id !== "") out.add(id);
  }
  return [...out];
}

/** The outline's inventory, the HTML's ids, and the inventory ids the HTML lacks. */
export function checkVisualIds(html: string, outline: string): VisualIdReport {
  const inventory = outlineInventoryIds(outline);
  const ids = scanHtmlIds(html);
  const have = new Set(ids);
  return { inventory, html: ids, missingInHtml: inventory.filter((id) => !have.has(id)) };
}
