// What a .astro file is to plain TypeScript (tsc), for the component tests that render one with
// the Container API; Astro's own checker (astro check) still reads each component's real props.
declare module '*.astro' {
  const Component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default Component;
}
