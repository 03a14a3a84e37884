// The resident bundle's server entry (the adapter of astro.resident.config.mjs, Astro's Adapter API):
// Astro's own app for the built routes, exported for the renderer (renderer.ts), which renders
// through App.render() and starts no server.
import { createApp } from 'astro/app/entrypoint';

export const residentApp = createApp({ streaming: true });
