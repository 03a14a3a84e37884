// For component tests (happy-dom): an Astro component's real markup put in the document, then its
// page script run over it, as the page does. Each run is a fresh copy of the script's module
// without the document and window listeners of the run before, so a test starts from what a new
// page load would give (happy-dom keeps one document for the whole file).
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { vi } from 'vitest';

type AstroComponent = Parameters<AstroContainer['renderToString']>[0];

/** Removes the listeners the last page script put on document and window. */
let unloadLast = () => {};

/** Runs the script, noting the listeners it adds to document and window so the next page can drop them. */
async function runFresh(loadScript: () => Promise<unknown>) {
  unloadLast();
  const added: Array<() => void> = [];
  const spies = [document, window].map((target) => {
    const add = target.addEventListener.bind(target);
    return vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
      add(type, listener, options);
      added.push(() => target.removeEventListener(type, listener, options));
    });
  });
  vi.resetModules();
  try {
    await loadScript();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  unloadLast = () => added.forEach((remove) => remove());
}

/** Renders the component with its props into document.body, then runs the page script. */
export async function mountWithScript(
  component: AstroComponent,
  props: Record<string, unknown>,
  loadScript: () => Promise<unknown>,
): Promise<void> {
  const container = await AstroContainer.create();
  // Without the component's <script> elements (happy-dom would try to load them): the page
  // script runs below, once.
  const markup = document.createElement('template');
  markup.innerHTML = await container.renderToString(component, { props });
  for (const script of markup.content.querySelectorAll('script')) script.remove();
  document.body.replaceChildren(markup.content);
  await runFresh(loadScript);
}
