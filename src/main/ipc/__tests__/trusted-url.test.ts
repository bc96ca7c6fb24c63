import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { rendererEntryUrl, trustedUrlCheck } from '../trusted-url'

const ROOT = join(tmpdir(), 'Cairn App', 'out', 'renderer')
const PAGE_FILE_URL = pathToFileURL(join(ROOT, 'index.html')).href

describe('trustedUrlCheck for the built app (app://cairn)', () => {
  const trusted = trustedUrlCheck({ kind: 'app', root: ROOT })

  it('trusts pages of app://cairn, with or without a query or hash', () => {
    expect(rendererEntryUrl({ kind: 'app', root: ROOT })).toBe('app://cairn/index.html')
    expect(trusted('app://cairn/index.html')).toBe(true)
    expect(trusted('app://cairn/')).toBe(true)
    expect(trusted('app://cairn/index.html?tab=memory')).toBe(true)
    expect(trusted('app://cairn/index.html#/settings')).toBe(true)
  })

  it.each([
    ['the same file over file://', PAGE_FILE_URL],
    ['/etc/passwd over file://', 'file:///etc/passwd'],
    ['another app:// host', 'app://evil/index.html'],
    ['a host that only starts like ours', 'app://cairn.evil.example/index.html'],
    ['our host with a port', 'app://cairn:8080/index.html'],
    ['our host with credentials', 'app://user:pw@cairn/index.html'],
    ['another scheme with our host', 'https://cairn/index.html'],
    ['a look-alike scheme', 'apps://cairn/index.html'],
    ['https://evil.example', 'https://evil.example/'],
    ['a data URL', 'data:text/html,<h1>hi</h1>'],
    ['about:blank', 'about:blank'],
    ['a javascript URL', 'javascript:alert(1)'],
    ['a malformed URL', 'not a url at all'],
    ['an empty string', '']
  ])('refuses %s', (_label, url) => {
    expect(trusted(url)).toBe(false)
  })

  it('refuses values that are not strings', () => {
    expect(trusted(undefined as unknown as string)).toBe(false)
    expect(trusted(null as unknown as string)).toBe(false)
    expect(trusted({ href: 'app://cairn/' } as unknown as string)).toBe(false)
  })
})

describe('trustedUrlCheck for a dev or test server', () => {
  const trusted = trustedUrlCheck({ kind: 'url', url: 'http://localhost:5173/' })

  it('trusts any page of that origin', () => {
    expect(trusted('http://localhost:5173/')).toBe(true)
    expect(trusted('http://localhost:5173/index.html?x=1#y')).toBe(true)
  })

  it.each([
    'http://localhost:5174/',
    'https://localhost:5173/',
    'http://127.0.0.1:5173/',
    'http://localhost.evil.example:5173/',
    'http://evil.example/?http://localhost:5173/',
    'http://localhost:5173@evil.example/',
    'file:///index.html',
    'about:blank',
    'data:text/html,x',
    'garbage'
  ])('refuses %s', (url) => {
    expect(trusted(url)).toBe(false)
  })

  it.each(['data:text/html,x', 'about:blank', 'file:///tmp/index.html'])(
    'refuses to build a check for an opaque origin (%s), which would match every other one',
    (url) => {
      expect(() => trustedUrlCheck({ kind: 'url', url })).toThrow(/origin/)
    }
  )
})
