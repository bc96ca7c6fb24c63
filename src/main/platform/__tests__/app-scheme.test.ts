import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  APP_ENTRY_URL,
  appResponseHeaders,
  mimeTypeFor,
  RENDERER_CSP,
  requestedSegments,
  serveAppRequest
} from '../app-scheme'

let dir: string
let root: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cairn-scheme-'))
  root = join(dir, 'renderer')
  await mkdir(join(root, 'assets'), { recursive: true })
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Cairn</title>')
  await writeFile(join(root, 'assets', 'index-abc.js'), 'console.log(1)')
  await writeFile(join(root, 'assets', 'index-abc.css'), 'body{}')
  await writeFile(join(root, 'assets', 'logo.svg'), '<svg/>')
  await writeFile(join(root, 'assets', 'font.woff2'), 'x')
  await writeFile(join(root, 'assets', 'blob.bin'), 'x')
  await writeFile(join(dir, 'secret.txt'), 'outside the root')
  await mkdir(join(dir, 'renderer-evil'))
  await writeFile(join(dir, 'renderer-evil', 'index.html'), 'sibling')
  if (process.platform !== 'win32') {
    await symlink(join(dir, 'secret.txt'), join(root, 'assets', 'link-out.txt'))
    await symlink(dir, join(root, 'assets', 'dir-out'))
    await symlink(join(root, 'index.html'), join(root, 'assets', 'link-in.html'))
  }
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const get = (url: string, method = 'GET') => serveAppRequest(root, { url, method })

describe('serveAppRequest', () => {
  it('serves index.html for the entry URL and for the bare origin', async () => {
    for (const url of [
      APP_ENTRY_URL,
      'app://cairn/',
      'app://cairn',
      'app://cairn/index.html?x=1#y'
    ]) {
      const answer = await get(url)
      expect(answer.status, url).toBe(200)
      expect(answer.body?.toString()).toContain('<title>Cairn</title>')
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
    }
  })

  it('sends the CSP header and nosniff with every answer, found or not', async () => {
    for (const url of [APP_ENTRY_URL, 'app://cairn/assets/index-abc.js', 'app://cairn/missing']) {
      const answer = await get(url)
      expect(answer.headers['content-security-policy']).toBe(RENDERER_CSP)
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
    }
  })

  it.each([
    ['assets/index-abc.js', 'text/javascript; charset=utf-8'],
    ['assets/index-abc.css', 'text/css; charset=utf-8'],
    ['assets/logo.svg', 'image/svg+xml'],
    ['assets/font.woff2', 'font/woff2'],
    ['assets/blob.bin', 'application/octet-stream']
  ])('serves %s as %s', async (path, type) => {
    const answer = await get(`app://cairn/${path}`)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe(type)
    expect(answer.body?.toString()).toBe(await readFile(join(root, path), 'utf8'))
  })

  it.each([
    ['a missing file', 'app://cairn/nope.js'],
    ['a folder', 'app://cairn/assets'],
    ['a folder with a slash', 'app://cairn/assets/'],
    ['dot-dot (normalized by the URL parser to the root)', 'app://cairn/../secret.txt'],
    ['encoded dot-dot', 'app://cairn/%2e%2e/secret.txt'],
    ['encoded dot-dot deeper', 'app://cairn/assets/%2E%2E/%2e%2e/secret.txt'],
    ['an encoded slash', 'app://cairn/..%2fsecret.txt'],
    ['an encoded backslash', 'app://cairn/..%5csecret.txt'],
    ['an encoded NUL', 'app://cairn/index.html%00.js'],
    ['a malformed escape', 'app://cairn/%E0%A4%A'],
    ['an absolute path in a segment', `app://cairn/${encodeURIComponent('/etc/passwd')}`],
    ['a sibling folder that starts like the root', 'app://cairn/../renderer-evil/index.html'],
    ['another host', 'app://evil/index.html'],
    ['our host with a port', 'app://cairn:99/index.html'],
    ['credentials', 'app://u:p@cairn/index.html'],
    ['another scheme', 'file:///etc/passwd'],
    ['https', 'https://cairn/index.html'],
    ['garbage', 'not a url'],
    ['a double slash', 'app://cairn//etc/passwd']
  ])('answers 404 to %s', async (_label, url) => {
    const answer = await get(url)
    expect(answer.status).toBe(404)
    expect(answer.body?.toString()).not.toContain('outside the root')
    expect(answer.body?.toString()).not.toContain('sibling')
  })

  // Skipped on Windows: making a symbolic link there needs admin rights or Developer Mode.
  it.runIf(process.platform !== 'win32')('never follows a symlink out of the root', async () => {
    expect((await get('app://cairn/assets/link-out.txt')).status).toBe(404)
    expect((await get('app://cairn/assets/dir-out/secret.txt')).status).toBe(404)
    // A link that stays inside the root is fine.
    expect((await get('app://cairn/assets/link-in.html')).status).toBe(200)
  })

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get(APP_ENTRY_URL, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body).toBeNull()
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const answer = await get(APP_ENTRY_URL, method)
      expect(answer.status, method).toBe(405)
      expect(answer.headers.allow).toBe('GET, HEAD')
    }
  })

  it('answers 404 when the root itself is missing', async () => {
    expect((await serveAppRequest(join(dir, 'gone'), { url: APP_ENTRY_URL })).status).toBe(404)
  })
})

describe('requestedSegments and headers', () => {
  it('splits and decodes clean paths', () => {
    expect(requestedSegments('app://cairn/assets/a%20b.js')).toEqual(['assets', 'a b.js'])
    expect(requestedSegments('app://cairn/')).toEqual(['index.html'])
  })

  it('knows the common types and defaults to octet-stream', () => {
    expect(mimeTypeFor('x.MJS')).toBe('text/javascript; charset=utf-8')
    expect(mimeTypeFor('x.png')).toBe('image/png')
    expect(mimeTypeFor('x')).toBe('application/octet-stream')
  })

  it('the CSP header is the very policy of the <meta> in index.html', async () => {
    const html = await readFile(
      resolve(import.meta.dirname, '../../../renderer/index.html'),
      'utf8'
    )
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1]
    expect(meta).toBe(RENDERER_CSP)
    expect(appResponseHeaders('text/plain')['content-security-policy']).toBe(meta)
  })
})
