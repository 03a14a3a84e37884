// The Astro integration that gives pages the client:when-used directive (directive.ts); every
// config that builds the public pages adds it (static, resident renderer, draft preview).
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function whenUsedDirective(): AstroIntegration {
  return {
    name: 'client-when-used',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'when-used',
          entrypoint: fileURLToPath(new URL('./directive.ts', import.meta.url)),
        });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    'client:when-used'?: boolean;
  }
}
