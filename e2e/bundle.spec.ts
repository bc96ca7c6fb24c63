import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import {
  APP_ORIGIN,
  mimeTypeFor,
  RENDERER_CSP,
  serveAppRequest
} from '../src/main/platform/app-scheme'
import { rendererChunks } from '../scripts/renderer-chunks'
import { repoRoot } from './support/environment'

/*
 * The built renderer (out/renderer) as it ships: the first view's scripts leave the heavy parts to
 * chunks loaded on first use, and the app:// scheme serves every file the split produced.
 */

const root = join(repoRoot, 'out', 'renderer')
const read = (file: string) => readFileSync(join(root, file), 'utf8')

/** Text only each part has (a class name, an error message, a grammar's name): where it landed. */
const PARTS: { part: string; marker: string }[] = [
  { part: 'CodeMirror (the editor)', marker: 'cm-content' },
  { part: 'CodeMirror (the merge view)', marker: 'cm-merge' },
  { part: "the highlighter's grammars", marker: 'Objective-C' },
  { part: 'the highlighter', marker: 'highlightAuto' },
  { part: 'KaTeX', marker: 'KaTeX parse error' },
  { part: 'the Memory view', marker: 'Inspector pane' },
  { part: 'the Settings view', marker: 'Kept on this computer' }
]

test('the first view loads none of CodeMirror, the grammars, KaTeX, Memory or Settings', () => {
  const { entry, lazy } = rendererChunks(root)
  const initial = entry.map((chunk) => read(chunk.file)).join('\n')
  const later = lazy.map((chunk) => read(chunk.file)).join('\n')
  for (const { part, marker } of PARTS) {
    // Found in a lazy chunk first, so a marker that no longer exists cannot pass by absence.
    expect(later, `${part} ("${marker}") is in no lazy chunk`).toContain(marker)
    expect(initial, `${part} ("${marker}") is in the first view's scripts`).not.toContain(marker)
  }
})

test('app:// serves every built file with its own type and the CSP, every named chunk exists', async () => {
  const { entry, lazy } = rendererChunks(root)
  const scripts = [...entry, ...lazy].map((chunk) => chunk.file)
  // Chunks name the chunks they load (dynamic imports, preload lists) relative to themselves,
  // with Vite's 8-character content hash.
  for (const file of scripts) {
    for (const [, name] of read(file).matchAll(/["'`]\.\/([\w.-]+-[\w-]{8}\.(?:js|css))["'`]/g))
      expect(readdirSync(join(root, 'assets')), `${file} names ${name}`).toContain(name)
  }
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .map((item) => join(item.parentPath, item.name).slice(root.length + 1))
  for (const file of files) {
    const response = await serveAppRequest(root, { url: `${APP_ORIGIN}/${file}` })
    expect(response.status, file).toBe(200)
    expect(response.headers['content-type'], file).toBe(mimeTypeFor(file))
    expect(response.headers['content-type'], file).not.toBe('application/octet-stream')
    expect(response.headers['content-security-policy'], file).toBe(RENDERER_CSP)
  }
  for (const file of scripts) expect(mimeTypeFor(file), file).toBe('text/javascript; charset=utf-8')
})
