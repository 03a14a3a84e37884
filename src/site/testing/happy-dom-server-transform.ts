// happy-dom with the modules transformed as for the server: Astro compiles a .astro file into a
// component the Container API can render only in Vite's SSR environment (happy-dom's own, 'client',
// gives the browser's version of the file). React and the page scripts run the same either way.
import { builtinEnvironments, type Environment } from 'vitest/runtime';

export default {
  ...builtinEnvironments['happy-dom'],
  name: 'happy-dom-server-transform',
  viteEnvironment: 'ssr',
} satisfies Environment;
