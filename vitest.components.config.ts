// Component tests: the React islands and the page scripts over their Astro component's real
// markup (Astro's Container API, so the Astro compiler: getViteConfig), in happy-dom.
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    name: 'components',
    include: ['src/**/*.dom.test.{ts,tsx}'],
    environment: './src/site/testing/happy-dom-server-transform.ts',
    // Nothing is fetched from outside: no script, stylesheet or frame loads by itself.
    environmentOptions: {
      happyDOM: {
        url: 'http://localhost/en/home',
        settings: {
          disableJavaScriptFileLoading: true,
          disableCSSFileLoading: true,
          disableIframePageLoading: true,
        },
      },
    },
    testTimeout: 30_000,
  },
});
