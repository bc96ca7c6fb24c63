import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { trustedUrlCheck } from '../trusted-url'

const PAGE = join(tmpdir(), 'Cairn App', 'out', 'renderer', 'index.html')
const PAGE_URL = pathToFileURL(PAGE).href

describe('trustedUrlCheck for the built file', () => {
  const trusted = trustedUrlCheck({ kind: 'file', path: PAGE })

  it('trusts the page itself, with or without a query or hash', () => {
    expect(trusted(PAGE_URL)).toBe(true)
    expect(trusted(`${PAGE_URL}?tab=memory`)).toBe(true)
    expect(trusted(`${PAGE_URL}#/settings`)).toBe(true)
  })

  it('compares parsed URLs, so a space and its %20 spelling are the same page', () => {
    expect(PAGE_URL).toContain('Cairn%20App')
    expect(trusted(PAGE_URL.replace('Cairn%20App', 'Cairn App'))).toBe(true)
  })

  it.each([
    ['another file in the same folder', pathToFileURL(join(PAGE, '..', 'other.html')).href],
    ['a file in a sibling folder', pathToFileURL(join(tmpdir(), 'evil', 'index.html')).href],
    ['a path that only starts like ours', `${PAGE_URL}.evil.html`],
    ['our path on a network host', `file://evil.example${new URL(PAGE_URL).pathname}`],
    ['our path over http', `http://localhost${new URL(PAGE_URL).pathname}`],
    ['our path over https', `https://evil.example${new URL(PAGE_URL).pathname}`],
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
    expect(trusted({ href: PAGE_URL } as unknown as string)).toBe(false)
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
