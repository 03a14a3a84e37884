// Component tests: the React islands and the page scripts over their Astro component's real
// markup (Astro's Container API, so the Astro compiler: getViteConfig), in happy-dom.
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    name: 'components',
    include: ['src/**/*.dom.test.{ts,tsx}'],
    environment: './src/site/testing/happy-dom-server-transform.ts',
    testTimeout: 30_000,
  },
});
