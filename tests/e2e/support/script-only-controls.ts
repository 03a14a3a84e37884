// The controls of a page that only a script can use, as a reader without JavaScript meets them: a
// text browser prints every element (`hidden`, <template>, <dialog> and <noscript> alike), so each
// button and field in the HTML is one it shows. A control works without JavaScript when it belongs
// to a form with an action (the browser sends it) and, for a button, submits that form.
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';

const controls = new Set(['button', 'input', 'select', 'textarea']);
const inert = new Set(['button', 'reset']);

/** How a control reads in a report: its element, type and label or name. */
function describe(el: Element): string {
  const { type, name, id } = el.attribs;
  const label = DomUtils.textContent(el).trim().replace(/\s+/g, ' ') || name || id || '';
  return `<${el.name}${type ? ` type=${type}` : ''}> ${label}`.trim();
}

export function scriptOnlyControls(html: string): string[] {
  const doc = parseDocument(html);
  const formsById = new Map(
    DomUtils.findAll((el) => el.name === 'form' && Boolean(el.attribs.id), doc.children).map((f) => [f.attribs.id, f]),
  );
  const ownerForm = (el: Element): Element | undefined => {
    if (el.attribs.form) return formsById.get(el.attribs.form);
    for (let up = el.parent; up; up = up.parent) if ((up as Element).name === 'form') return up as Element;
    return undefined;
  };
  return DomUtils.findAll((el) => controls.has(el.name), doc.children)
    .filter((el) => el.attribs.type !== 'hidden')
    .filter((el) => {
      const form = ownerForm(el);
      const type = el.attribs.type?.toLowerCase() ?? (el.name === 'button' ? 'submit' : '');
      return !form?.attribs.action || ((el.name === 'button' || el.name === 'input') && inert.has(type));
    })
    .map(describe);
}
