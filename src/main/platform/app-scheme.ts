import { readFile, realpath, stat } from 'node:fs/promises'
import { extname, join, sep } from 'node:path'

/*
 * The app:// scheme's pure side: which file a request maps to and which headers go with it. No
 * Electron here, so it runs under plain Node tests; platform/app-protocol.ts is the Electron glue.
 */

export const APP_SCHEME = 'app'
export const APP_HOST = 'cairn'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/** The same policy as the <meta> in src/renderer/index.html (a test keeps the two equal). */
export const RENDERER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'; object-src 'none'"

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm'
}

export function mimeTypeFor(file: string): string {
  return MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/** Sent with every app:// answer: the CSP as a header (stronger than the meta), no sniffing. */
export function appResponseHeaders(contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-security-policy': RENDERER_CSP,
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-cache'
  }
}

/** The relative path segments a URL asks for, or null when it is not ours or not a clean path. */
export function requestedSegments(url: string): string[] | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null
  if (parsed.username || parsed.password || parsed.port) return null
  const raw = parsed.pathname.split('/').slice(1)
  const segments: string[] = []
  for (const [index, part] of raw.entries()) {
    let segment: string
    try {
      segment = decodeURIComponent(part)
    } catch {
      return null
    }
    // A trailing slash is the folder itself; any other empty segment is a malformed path.
    if (segment === '' && index === raw.length - 1) continue
    if (segment === '' || segment === '.' || segment === '..') return null
    if (/[/\\\0:]/.test(segment)) return null
    segments.push(segment)
  }
  return segments.length === 0 ? ['index.html'] : segments
}

export interface AppResponse {
  status: number
  headers: Record<string, string>
  body: Buffer | null
}

const TEXT = 'text/plain; charset=utf-8'

function answer(status: number, text: string, method: string): AppResponse {
  return {
    status,
    headers: appResponseHeaders(TEXT),
    body: method === 'HEAD' ? null : Buffer.from(text)
  }
}

/**
 * Answers one app:// request from the files under `root` (out/renderer). Only regular files inside
 * the root are served: no `..`, no encoded separators, no symlink that resolves outside it.
 */
export async function serveAppRequest(
  root: string,
  request: { url: string; method?: string }
): Promise<AppResponse> {
  const method = (request.method ?? 'GET').toUpperCase()
  if (method !== 'GET' && method !== 'HEAD') {
    return {
      ...answer(405, 'Method Not Allowed', method),
      headers: { ...appResponseHeaders(TEXT), allow: 'GET, HEAD' }
    }
  }
  const segments = requestedSegments(request.url)
  if (!segments) return answer(404, 'Not Found', method)
  let realRoot: string
  let realFile: string
  try {
    realRoot = await realpath(root)
    realFile = await realpath(join(realRoot, ...segments))
  } catch {
    return answer(404, 'Not Found', method)
  }
  if (!realFile.startsWith(realRoot + sep)) return answer(404, 'Not Found', method)
  try {
    if (!(await stat(realFile)).isFile()) return answer(404, 'Not Found', method)
    const body = method === 'HEAD' ? null : await readFile(realFile)
    return { status: 200, headers: appResponseHeaders(mimeTypeFor(realFile)), body }
  } catch {
    return answer(404, 'Not Found', method)
  }
}
