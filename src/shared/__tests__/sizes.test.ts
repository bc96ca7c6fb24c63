import { describe, expect, it } from 'vitest'
import { formatSizeInput, parseSize } from '../sizes'

const bytes = (text: string) => {
  const parsed = parseSize(text)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.bytes
}
const refusal = (text: string) => {
  const parsed = parseSize(text)
  if (parsed.ok) throw new Error(`${text} parsed as ${parsed.bytes}`)
  return parsed.message
}

describe('parseSize', () => {
  it('reads sizes with units as people type them', () => {
    expect(bytes('64 KB')).toBe(65_536)
    expect(bytes('64KB')).toBe(65_536)
    expect(bytes('64k')).toBe(65_536)
    expect(bytes('64 KiB')).toBe(65_536)
    expect(bytes('1.5 MB')).toBe(1_572_864)
    expect(bytes('1.5mb')).toBe(1_572_864)
    expect(bytes('.5 MB')).toBe(524_288)
    expect(bytes('1 GB')).toBe(1_073_741_824)
    expect(bytes('  16 megabytes ')).toBe(16 * 1024 * 1024)
  })

  it('takes a bare number as bytes, with the separators people use', () => {
    expect(bytes('2048')).toBe(2048)
    expect(bytes('1,024')).toBe(1024)
    expect(bytes('20 000 bytes')).toBe(20_000)
    expect(bytes('1 byte')).toBe(1)
    expect(bytes('512 B')).toBe(512)
  })

  it('rounds a fraction of a byte to the nearest byte', () => {
    expect(bytes('1.3 KB')).toBe(1331) // 1331.2
  })

  it('refuses what is not a size with a message that says what to type', () => {
    expect(refusal('')).toBe('Type a size, for example 64 KB, 1.5 MB or 2048 bytes.')
    expect(refusal('lots')).toMatch(
      /^"lots" is not a size: type a number and a unit, for example 64 KB/
    )
    expect(refusal('1.2.3 MB')).toMatch(/is not a size/)
    expect(refusal('KB')).toMatch(/is not a size/)
    expect(refusal('64 XB')).toBe('"XB" is not a unit Cairn knows: use bytes, KB, MB or GB.')
    expect(refusal('5 TB')).toBe('"TB" is not a unit Cairn knows: use bytes, KB, MB or GB.')
    expect(refusal('-5 KB')).toBe('A size cannot be negative.')
    expect(refusal('99999999999999999999 GB')).toBe('That size is far too large.')
  })

  it('never echoes a long input whole, and refuses it', () => {
    expect(refusal('x'.repeat(500)).length).toBeLessThan(120)
  })
})

describe('formatSizeInput', () => {
  it('prints the largest unit that names the size exactly', () => {
    expect(formatSizeInput(65_536)).toBe('64 KB')
    expect(formatSizeInput(256 * 1024)).toBe('256 KB')
    expect(formatSizeInput(1_572_864)).toBe('1.5 MB')
    expect(formatSizeInput(16 * 1024 * 1024)).toBe('16 MB')
    expect(formatSizeInput(1024 ** 3)).toBe('1 GB')
    expect(formatSizeInput(1024)).toBe('1 KB')
  })

  it('falls back to bytes when no unit is exact', () => {
    expect(formatSizeInput(1000)).toBe('1,000 bytes')
    expect(formatSizeInput(1331)).toBe('1,331 bytes')
    expect(formatSizeInput(1)).toBe('1 byte')
    expect(formatSizeInput(0)).toBe('0 bytes')
  })

  it('round-trips: what it prints parses back to the same bytes', () => {
    for (const n of [
      1,
      1000,
      1024,
      1536,
      1331,
      65_536,
      262_144,
      1_572_864,
      10 * 1024 * 1024,
      123_456_789
    ])
      expect(bytes(formatSizeInput(n))).toBe(n)
  })
})
