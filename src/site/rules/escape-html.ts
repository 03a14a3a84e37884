// Text into HTML (element content or a double- or single-quoted attribute): the one escaper the
// server-rendered pages, the redirect stubs and the browser scripts share.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
