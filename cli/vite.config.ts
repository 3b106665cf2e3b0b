import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// One self-contained file for Node: commander, openapi-fetch and the generated client bundled in.
export default defineConfig({
  build: {
    ssr: 'src/main.ts',
    outDir: 'dist',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
      output: { entryFileNames: 'casewise.mjs', format: 'es' },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
