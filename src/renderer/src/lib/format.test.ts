import { describe, expect, it } from 'vitest'
import { formatBytes, parseWholeNumber } from './format'

describe('format', () => {
  it('reads byte counts the way people do', () => {
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(1_000)).toBe('1,000 bytes')
    expect(formatBytes(1_024)).toBe('1 KB')
    expect(formatBytes(256 * 1024)).toBe('256 KB')
    expect(formatBytes(1_536)).toBe('1.5 KB')
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB')
    expect(formatBytes(1024 ** 3)).toBe('1 GB')
  })

  it('parses whole numbers with separators, and nothing else', () => {
    expect(parseWholeNumber(' 4_096 ')).toBe(4096)
    expect(parseWholeNumber('1,024')).toBe(1024)
    expect(parseWholeNumber('12.5')).toBe(12.5)
    expect(parseWholeNumber('')).toBeNaN()
    expect(parseWholeNumber('1e3')).toBeNaN()
    expect(parseWholeNumber('ten')).toBeNaN()
  })
})
