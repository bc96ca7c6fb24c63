import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { chunkName, initialScripts, rendererChunks, summaryLine } from '../renderer-chunks'

const temp = mkdtempSync(join(tmpdir(), 'cairn-renderer-chunks-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/** A built renderer as Vite writes it: index.html, an entry, a preloaded shared chunk, lazy ones. */
function builtRenderer(name: string, html: string, files: Record<string, number>): string {
  const root = join(temp, name)
  mkdirSync(join(root, 'assets'), { recursive: true })
  writeFileSync(join(root, 'index.html'), html)
  for (const [file, bytes] of Object.entries(files))
    writeFileSync(join(root, file), 'x'.repeat(bytes))
  return root
}

const HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="./assets/index-D3KS-5IR.js"></script>
<link rel="modulepreload" crossorigin href="./assets/jsx-runtime-Wy9s6hX0.js">
<link rel="stylesheet" crossorigin href="./assets/index-Dopa-1FJ.css">
</head><body><div id="root"></div></body></html>`

describe('renderer chunks', () => {
  test('the first view is the entry and what it preloads; the rest is lazy, largest first', () => {
    const root = builtRenderer('split', HTML, {
      'assets/index-D3KS-5IR.js': 600_000,
      'assets/jsx-runtime-Wy9s6hX0.js': 12_000,
      'assets/index-Dopa-1FJ.css': 40_000,
      'assets/math-plugins-Ds6oVcs5.js': 450_000,
      'assets/code-editor-DdKjTe6l.js': 506_000,
      'assets/memory-view-BAPTxP0L.js': 42_000
    })
    const chunks = rendererChunks(root)
    expect(chunks.entry.map((c) => c.file)).toEqual([
      'assets/index-D3KS-5IR.js',
      'assets/jsx-runtime-Wy9s6hX0.js'
    ])
    expect(chunks.lazy.map((c) => c.file)).toEqual([
      'assets/code-editor-DdKjTe6l.js',
      'assets/math-plugins-Ds6oVcs5.js',
      'assets/memory-view-BAPTxP0L.js'
    ])
    expect(summaryLine(chunks, 2)).toBe(
      'renderer: entry 612 KB in 2 files, lazy chunks 998 KB (code-editor 506 KB, math-plugins 450 KB, 1 more)'
    )
  })

  test('one script and nothing lazy: a short line', () => {
    const html = '<script type="module" src="/assets/index-CR6X4vet.js"></script>'
    const root = builtRenderer('single', html, { 'assets/index-CR6X4vet.js': 3_143_990 })
    expect(summaryLine(rendererChunks(root))).toBe('renderer: entry 3.1 MB, lazy chunks 0 KB')
  })

  test('an index.html naming a script that is not there is an error, not a wrong figure', () => {
    const root = builtRenderer('broken', HTML, { 'assets/index-D3KS-5IR.js': 10 })
    expect(() => rendererChunks(root)).toThrow(
      /index\.html names missing scripts: assets\/jsx-runtime/
    )
    const none = builtRenderer('none', '<html></html>', {})
    expect(() => rendererChunks(none)).toThrow(/loads no module script/)
  })

  test('reads only module scripts and modulepreloads from the page; names lose their hash', () => {
    expect(initialScripts(HTML)).toEqual([
      'assets/index-D3KS-5IR.js',
      'assets/jsx-runtime-Wy9s6hX0.js'
    ])
    expect(chunkName('assets/KaTeX_Math-Italic-t53AETM-.js')).toBe('KaTeX_Math-Italic')
    expect(chunkName('assets/lowlight-common-C1BBEHlm.js')).toBe('lowlight-common')
  })
})
