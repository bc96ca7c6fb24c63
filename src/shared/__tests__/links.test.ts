import { describe, expect, it } from 'vitest'
import {
  EXTERNAL_URL_MAX_CHARS,
  OpenExternalInputSchema,
  parseExternalUrl,
  TrustedHostSchema,
  unicodeHost
} from '../app/links'

describe('external links', () => {
  it('accepts https and gives the normalised URL and its ASCII host', () => {
    expect(parseExternalUrl('https://Example.com/a b?q=1#x')).toEqual({
      ok: true,
      url: 'https://example.com/a%20b?q=1#x',
      host: 'example.com'
    })
    expect(parseExternalUrl('https://аpple.com/')).toMatchObject({ host: 'xn--pple-43d.com' })
  })

  it.each([
    ['http:', 'http://example.com/'],
    ['javascript:', 'javascript:alert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['data:', 'data:text/html,<b>x</b>'],
    ['a relative link', '/memories/a.md'],
    ['credentials before the host', 'https://bank.example@evil.example/'],
    ['overlong', `https://example.com/${'a'.repeat(EXTERNAL_URL_MAX_CHARS)}`]
  ])('refuses %s', (_label, url) => {
    expect(parseExternalUrl(url).ok).toBe(false)
    expect(OpenExternalInputSchema.safeParse({ url }).success).toBe(false)
  })

  it('decodes punycode hosts for display, leaving others alone', () => {
    expect(unicodeHost('xn--pple-43d.com')).toBe('аpple.com')
    expect(unicodeHost('www.xn--mnchen-3ya.de')).toBe('www.münchen.de')
    expect(unicodeHost('xn--bcher-kva.example')).toBe('bücher.example')
    expect(unicodeHost('example.com')).toBe('example.com')
    expect(unicodeHost('xn--!!.com')).toBe('xn--!!.com')
  })

  it('trusted sites are plain host names', () => {
    expect(TrustedHostSchema.safeParse('docs.example.com').success).toBe(true)
    expect(TrustedHostSchema.safeParse('[::1]').success).toBe(true)
    for (const bad of ['Example.com', 'https://example.com', 'a b', '', 'example.com/x']) {
      expect(TrustedHostSchema.safeParse(bad).success, bad).toBe(false)
    }
  })
})
