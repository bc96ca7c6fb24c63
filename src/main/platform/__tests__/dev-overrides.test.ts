import { describe, expect, it } from 'vitest'
import { debugSwitches, devOverrides } from '../dev-overrides'

const everything = {
  ELECTRON_RENDERER_URL: 'http://localhost:5173/',
  CAIRN_ANTHROPIC_BASE_URL: 'http://127.0.0.1:4010',
  CAIRN_KEYCHAIN_SERVICE: 'cairn-test',
  CAIRN_CLAUDE_DESKTOP_CONFIG: '/tmp/cairn-test/claude_desktop_config.json',
  ANTHROPIC_BASE_URL: 'http://127.0.0.1:9999'
}

describe('devOverrides', () => {
  it('a packaged build reads none of the variables', () => {
    expect(devOverrides(true, everything)).toEqual({})
  })

  it('an unpackaged build honours the dev server, the fake API, a test keychain entry and a test Claude Desktop config', () => {
    expect(devOverrides(false, everything)).toEqual({
      rendererUrl: 'http://localhost:5173/',
      anthropic: { baseURL: 'http://127.0.0.1:4010' },
      keychainService: 'cairn-test',
      claudeDesktopConfig: '/tmp/cairn-test/claude_desktop_config.json'
    })
    expect(devOverrides(false, {})).toEqual({})
  })

  it('CAIRN_ANTHROPIC_BASE_URL: loopback origins only', () => {
    const base = (url: string) => devOverrides(false, { CAIRN_ANTHROPIC_BASE_URL: url }).anthropic
    expect(base(' http://localhost:8080/ ')).toEqual({ baseURL: 'http://localhost:8080/' })
    for (const url of [
      'https://evil.example',
      'http://127.0.0.1.evil.example',
      'http://localhost@evil.example',
      'http://user:pw@localhost:4010',
      'http://10.0.0.1:4010',
      'http://127.0.0.1:4010/v1/../x',
      'file:///etc/passwd',
      ''
    ])
      expect(base(url), url).toBeUndefined()
  })

  it('ELECTRON_RENDERER_URL: an http dev server on this machine only', () => {
    const page = (url: string) => devOverrides(false, { ELECTRON_RENDERER_URL: url }).rendererUrl
    expect(page('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173')
    expect(page('http://localhost:5173/index.html')).toBe('http://localhost:5173/index.html')
    for (const url of [
      'https://evil.example/',
      'http://evil.example:5173/',
      'http://localhost.evil.example/',
      'http://localhost@evil.example/',
      'file:///tmp/index.html',
      'data:text/html,x',
      'javascript:alert(1)',
      'app://cairn/index.html',
      'not a url'
    ])
      expect(page(url), url).toBeUndefined()
  })
})

describe('debugSwitches', () => {
  it('finds every debugging switch in any spelling', () => {
    expect(
      debugSwitches([
        '/opt/Cairn/cairn',
        '--remote-debugging-port=9222',
        '--remote-debugging-pipe',
        '--inspect',
        '--inspect-brk=9229',
        '--INSPECT-PORT=1',
        '--inspect-publish-uid=http',
        '-inspect'
      ]).sort()
    ).toEqual(
      [
        'inspect',
        'inspect-brk',
        'inspect-port',
        'inspect-publish-uid',
        'remote-debugging-pipe',
        'remote-debugging-port'
      ].sort()
    )
  })

  it('asks Chromium too, and ignores ordinary arguments', () => {
    expect(debugSwitches(['cairn'], (name) => name === 'remote-debugging-port')).toEqual([
      'remote-debugging-port'
    ])
    expect(debugSwitches(['cairn', '--no-sandbox', '--inspector', 'notes-inspect.md'])).toEqual([])
  })
})
