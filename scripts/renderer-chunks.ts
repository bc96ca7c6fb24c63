import { readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'

/*
 * What the built renderer (out/renderer) makes the first view load, and what it leaves for later.
 * Read from the files on disk, so the build's summary line and the perf spec report the same thing.
 */

export interface ChunkFile {
  /** Path under the renderer folder, e.g. `assets/index-abc.js`. */
  file: string
  bytes: number
}

export interface RendererChunks {
  /** The scripts index.html loads before anything shows: the entry and what it preloads. */
  entry: ChunkFile[]
  /** Every other script, loaded on first use; largest first. */
  lazy: ChunkFile[]
}

/** `./assets/x.js` or `/assets/x.js` as written in index.html, to `assets/x.js`. */
const local = (src: string): string => src.replace(/^\.?\//, '')

/** The scripts index.html names: the module entry and its modulepreload links. */
export function initialScripts(html: string): string[] {
  const found = new Set<string>()
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isEntry = /^<script\b/.test(tag) && /\btype="module"/.test(tag)
    const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag)
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1]
    if ((isEntry || isPreload) && url) found.add(local(url))
  }
  return [...found]
}

function scriptsUnder(root: string, folder = ''): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((item) => {
    const path = folder ? `${folder}/${item.name}` : item.name
    if (item.isDirectory()) return scriptsUnder(root, path)
    return /\.m?js$/.test(item.name) ? [path] : []
  })
}

/** Splits the built renderer's scripts into what the first view loads and the rest. */
export function rendererChunks(root: string): RendererChunks {
  const initial = new Set(initialScripts(readFileSync(join(root, 'index.html'), 'utf8')))
  if (initial.size === 0) throw new Error(`${join(root, 'index.html')} loads no module script`)
  const sized = (file: string): ChunkFile => ({ file, bytes: statSync(join(root, file)).size })
  const all = scriptsUnder(root)
  const missing = [...initial].filter((file) => !all.includes(file))
  if (missing.length > 0) throw new Error(`index.html names missing scripts: ${missing.join(', ')}`)
  return {
    entry: [...initial].map(sized),
    lazy: all
      .filter((file) => !initial.has(file))
      .map(sized)
      .sort((a, b) => b.bytes - a.bytes)
  }
}

export const totalBytes = (files: ChunkFile[]): number =>
  files.reduce((sum, file) => sum + file.bytes, 0)

/** 612 KB, 2.4 MB: decimal units, as Vite prints them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`
  return `${Math.round(bytes / 1000)} KB`
}

/** `code-editor-Bx1.js` → `code-editor`: the name without Vite's content hash. */
export function chunkName(file: string): string {
  return basename(file)
    .replace(/\.m?js$/, '')
    .replace(/-[\w-]{8}$/, '')
}

/** One line: `renderer: entry 612 KB, lazy chunks 2.4 MB (code-editor 420 KB, …)`. */
export function summaryLine(chunks: RendererChunks, named = 4): string {
  const biggest = chunks.lazy
    .slice(0, named)
    .map((chunk) => `${chunkName(chunk.file)} ${formatBytes(chunk.bytes)}`)
  const more = chunks.lazy.length - biggest.length
  const list = [...biggest, ...(more > 0 ? [`${more} more`] : [])].join(', ')
  return (
    `renderer: entry ${formatBytes(totalBytes(chunks.entry))}` +
    (chunks.entry.length > 1 ? ` in ${chunks.entry.length} files` : '') +
    `, lazy chunks ${formatBytes(totalBytes(chunks.lazy))}` +
    (list ? ` (${list})` : '')
  )
}
