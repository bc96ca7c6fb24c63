import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { rendererChunks, summaryLine } from './scripts/renderer-chunks'

// The dev server needs an inline React-refresh preamble and a websocket; the built app gets the
// strict policy exactly as written in index.html.
function devCsp(): Plugin {
  return {
    name: 'cairn-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("connect-src 'none'", "connect-src 'self' ws://localhost:*")
  }
}

// One line after the renderer's build: what the first view loads and what waits for first use.
function chunkSummary(): Plugin {
  let outDir = ''
  return {
    name: 'cairn-chunk-summary',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    closeBundle: () => console.log(summaryLine(rendererChunks(outDir)))
  }
}

export default defineConfig({
  main: {
    resolve: { alias: { '@shared': resolve('src/shared') } }
  },
  preload: {
    resolve: { alias: { '@shared': resolve('src/shared') } },
    build: {
      // A sandboxed preload cannot load ES modules or sibling chunks: one self-contained CJS file.
      externalizeDeps: false,
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } }
    }
  },
  renderer: {
    resolve: {
      alias: {
        '@shared': resolve('src/shared'),
        '@renderer': resolve('src/renderer/src'),
        // rehype-katex's browser build parses KaTeX's HTML through innerHTML, whose style
        // attributes the strict CSP blocks (and so breaks the layout); the parse5 build makes a
        // tree React applies through the CSSOM, which the policy allows.
        'hast-util-from-html-isomorphic': resolve(
          'node_modules/hast-util-from-html-isomorphic/lib/index.js'
        )
      }
    },
    build: {
      // The first view parses every byte of its entry before it shows: keep it small.
      minify: true,
      // The entry's budget (perf spec); the summary line names the lazy chunks' sizes.
      chunkSizeWarningLimit: 800,
      // font-src is 'self': KaTeX's small fonts must stay files, not data: URLs.
      assetsInlineLimit: (file: string) => (/\.(woff2?|ttf)$/.test(file) ? false : undefined)
    },
    plugins: [react(), tailwindcss(), devCsp(), chunkSummary()]
  }
})
