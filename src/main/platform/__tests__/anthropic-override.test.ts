import { describe, expect, it } from 'vitest'
import { anthropicOverride } from '../anthropic-override'

describe('CAIRN_ANTHROPIC_BASE_URL', () => {
  const env = (url: string) => ({ CAIRN_ANTHROPIC_BASE_URL: url })

  it('points an unpackaged build at a server on this machine', () => {
    expect(anthropicOverride(false, env('http://127.0.0.1:4010'))).toEqual({
      anthropic: { baseURL: 'http://127.0.0.1:4010' }
    })
    expect(anthropicOverride(false, env(' http://localhost:8080/ '))).toEqual({
      anthropic: { baseURL: 'http://localhost:8080/' }
    })
  })

  it('is ignored by a packaged app, and for anything but loopback', () => {
    expect(anthropicOverride(true, env('http://127.0.0.1:4010'))).toEqual({})
    for (const url of [
      'https://evil.example',
      'http://127.0.0.1.evil.example',
      'http://localhost@evil.example',
      'http://10.0.0.1:4010',
      'file:///etc/passwd',
      ''
    ])
      expect(anthropicOverride(false, env(url)), url).toEqual({})
    expect(anthropicOverride(false, {})).toEqual({})
  })
})
