import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * The renderer's Content-Security-Policy lives in src/renderer/index.html (the dev server relaxes it
 * only while serving; see electron.vite.config.ts). The built app must keep it strict.
 */

const html = readFileSync(resolve(import.meta.dirname, '../../renderer/index.html'), 'utf8')

function cspMetas(): string[] {
  const metas = html.match(/<meta\b[^>]*>/gi) ?? []
  return metas
    .filter((meta) => /http-equiv\s*=\s*["']Content-Security-Policy["']/i.test(meta))
    .map((meta) => /content\s*=\s*"([^"]*)"/i.exec(meta)?.[1] ?? '')
}

function directives(): Map<string, string[]> {
  const [policy = ''] = cspMetas()
  const map = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) map.set(name.toLowerCase(), sources)
  }
  return map
}

describe('renderer Content-Security-Policy', () => {
  it('is declared exactly once, in the head', () => {
    expect(cspMetas()).toHaveLength(1)
    const head = /<head>([\s\S]*)<\/head>/i.exec(html)?.[1] ?? ''
    expect(head).toContain('Content-Security-Policy')
  })

  it("defaults to 'none'", () => {
    expect(directives().get('default-src')).toEqual(["'none'"])
  })

  it("allows scripts from 'self' only: no inline, no eval", () => {
    expect(directives().get('script-src')).toEqual(["'self'"])
  })

  it("lets the page connect nowhere: connect-src 'none'", () => {
    expect(directives().get('connect-src')).toEqual(["'none'"])
  })

  it('closes plugins, base and form targets', () => {
    const policy = directives()
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('form-action')).toEqual(["'none'"])
  })

  it('names no remote origin, wildcard or unsafe keyword anywhere', () => {
    const policy = directives()
    expect(policy.size).toBeGreaterThan(0)
    for (const [name, sources] of policy) {
      for (const source of sources) {
        expect(source, `${name} ${source}`).not.toMatch(/^(https?|wss?|ftp|blob|filesystem):/i)
        expect(source, `${name} ${source}`).not.toContain('*')
        expect(source, `${name} ${source}`).not.toMatch(/unsafe/i)
        // Only keywords ('self', 'none'), plus data: for images.
        const allowed =
          source === "'self'" || source === "'none'" || (name === 'img-src' && source === 'data:')
        expect(allowed, `${name} ${source}`).toBe(true)
      }
    }
  })

  it('loads only local module scripts and no inline script', () => {
    const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) {
      expect(script).toMatch(/\bsrc\s*=\s*"\.?\/[^"]+"/)
      expect(
        script
          .replace(/<script\b[^>]*>/i, '')
          .replace(/<\/script>/i, '')
          .trim()
      ).toBe('')
    }
  })
})
