import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

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
      // font-src is 'self': KaTeX's small fonts must stay files, not data: URLs.
      assetsInlineLimit: (file: string) => (/\.(woff2?|ttf)$/.test(file) ? false : undefined)
    },
    plugins: [react(), tailwindcss(), devCsp()]
  }
})
