// The page script's side of ScriptMade.astro: the markup it kept, put in its place. A rule module
// so that each page script gets its own copy (src/release/build/page-script-copies.ts) and stays
// inline in its page.

/** Replaces each ScriptMade box under root by the markup it holds. */
export function placeScriptMade(root: ParentNode): void {
  for (const box of root.querySelectorAll<HTMLElement>('[data-script-made]')) box.outerHTML = box.dataset.scriptMade!;
}
