// For component tests (happy-dom): an Astro component's real markup put in the document, then its
// page script run over it, as the page does. Each run is a fresh copy of the script's module, so a
// test starts from what a new page load would give.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { vi } from 'vitest';

type AstroComponent = Parameters<AstroContainer['renderToString']>[0];

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
  vi.resetModules();
  await loadScript();
}
