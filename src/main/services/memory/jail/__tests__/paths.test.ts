import { describe, expect, it } from 'vitest'
import { parseMemoryPath, refusedInPassedFolder } from '../paths'
import { ioFailure } from '../io-failure'

const accepted = (raw: string) => {
  const result = parseMemoryPath(raw)
  if (!result.ok) throw new Error(`refused ${raw}: ${result.message}`)
  return result.path
}
const refusal = (raw: string) => {
  const result = parseMemoryPath(raw)
  if (result.ok) throw new Error(`accepted ${raw}`)
  return result.message
}

describe('parseMemoryPath', () => {
  it('accepts /memories and paths under it, collapsing repeated and trailing slashes', () => {
    expect(accepted('/memories')).toMatchObject({ display: '/memories', rel: '', isRoot: true })
    expect(accepted('/memories/')).toMatchObject({ display: '/memories', isRoot: true })
    expect(accepted('/memories//')).toMatchObject({ display: '/memories', isRoot: true })
    expect(accepted('/memories//a///b.md/')).toMatchObject({
      display: '/memories/a/b.md',
      rel: 'a/b.md'
    })
    expect(accepted('/memories/Café notes/日本語.md').segments).toEqual(['Café notes', '日本語.md'])
    expect(accepted('/memories/.hidden').rel).toBe('.hidden')
    expect(accepted('/memories/100% sure.md').rel).toBe('100% sure.md')
  })

  it('refuses paths outside /memories, /memoriesX included', () => {
    for (const raw of [
      '',
      'memories/a',
      '/memoriesX',
      '/memories_backup/a',
      '/Memories/a',
      '/etc/passwd',
      '//memories/a',
      ' /memories/a'
    ]) {
      expect(refusal(raw)).toMatch(
        /is outside the memory directory: every path must be \/memories or start with \/memories\/\.$/
      )
    }
  })

  it.each([
    ['/memories/..', '"." and ".." segments'],
    ['/memories/a/../..', '"." and ".." segments'],
    ['/memories/.', '"." and ".." segments'],
    ['/memories/a/..', '"." and ".." segments'],
    ['/memories\\..\\x', 'backslashes'],
    ['/memories/a\\b', 'backslashes'],
    ['/memories/%2e%2e/x', 'percent-encoded'],
    ['/memories/%2E%2E%2Fx', 'percent-encoded'],
    ['/memories/..%2fx', 'percent-encoded'],
    ['/memories/%5c', 'percent-encoded'],
    ['/memories/%252e%252e', 'percent-encoded'],
    ['/memories/%u002e', 'percent-encoded'],
    ['/memories/\u00c0\u00ae\u00c0\u00ae/x', 'overlong'],
    ['/memories/\ufffd', 'replacement'],
    ['/memories/\uff0e\uff0e/x', 'look-alikes'],
    ['/memories/a\uff0fb', 'look-alikes'],
    ['/memories/\u2024\u2024', 'look-alikes'],
    ['/memories/a\u2215b', 'look-alikes'],
    ['/memories/\ufe68x', 'look-alikes'],
    ['/memories/a\u0000b', 'NUL or control'],
    ['/memories/a\nb', 'NUL or control'],
    ['/memories/a\u007f', 'NUL or control'],
    ['/memories/a\u0085', 'NUL or control'],
    ['/memories/a\u202eb', 'invisible'],
    ['/memories/\ud800', 'lone surrogate'],
    ['/memories/C:/x', '":"'],
    ['/memories/C:', '":"'],
    ['/memories/file.txt:stream', '":"'],
    ['/memories/CON', 'reserved device name'],
    ['/memories/con.txt', 'reserved device name'],
    ['/memories/a/NUL', 'reserved device name'],
    ['/memories/COM1.md', 'reserved device name'],
    ['/memories/LPT9', 'reserved device name'],
    ['/memories/COM\u00b9', 'reserved device name'],
    ['/memories/aux .md', 'reserved device name'],
    ['/memories/a.', 'end with a dot or a space'],
    ['/memories/a ', 'end with a dot or a space'],
    ['/memories/a\u3000', 'end with a dot or a space'],
    ['/memories/a\u00a0/b', 'end with a dot or a space'],
    ['/memories/a?.md', 'cannot contain'],
    ['/memories/a*', 'cannot contain'],
    ['/memories/.cairn-0123abcd-0123-4567-89ab-0123456789ab.tmp', 'reserved for the app'],
    [`/memories/${'n'.repeat(256)}`, 'longer than 255 bytes'],
    [`/memories/${'a/'.repeat(40)}x`, 'nested deeper'],
    [`/memories/${'x'.repeat(2000)}`, 'longer than 1024 characters']
  ])('refuses %j (%s)', (raw, why) => {
    const message = refusal(raw)
    expect(message).toMatch(/^Error: The path .* is not allowed: /)
    expect(message).toContain(why)
  })

  // Invisible characters found by Unicode property, not by a hand list (issue #12, item 6).
  it.each([
    ['tag character', '\u{E0041}'],
    ['cancel tag', '\u{E007F}'],
    ['Arabic letter mark', '\u061c'],
    ['Hangul filler', '\u3164'],
    ['Hangul choseong filler', '\u115f'],
    ['Hangul jungseong filler', '\u1160'],
    ['halfwidth Hangul filler', '\uffa0'],
    ['braille blank', '\u2800'],
    ['Mongolian vowel separator', '\u180e'],
    ['combining grapheme joiner', '\u034f'],
    ['variation selector 16', '\ufe0f'],
    ['variation selector 17', '\u{E0100}'],
    ['line separator', '\u2028'],
    ['paragraph separator', '\u2029'],
    ['word joiner', '\u2060'],
    ['invisible times', '\u2062'],
    ['first strong isolate', '\u2068'],
    ['interlinear annotation', '\ufff9'],
    ['zero width no-break space', '\ufeff']
  ])('refuses a %s inside a name and at its end', (_what, char) => {
    for (const raw of [
      `/memories/a${char}b.md`,
      `/memories/notes.md${char}`,
      `/memories/${char}/x`
    ]) {
      expect(refusal(raw)).toContain('invisible')
      expect(refusal(raw)).not.toContain(char)
    }
  })

  it('still accepts ordinary letters, marks and emoji', () => {
    for (const raw of [
      '/memories/naïve.md',
      '/memories/e\u0301.md',
      '/memories/한글.md',
      '/memories/😀.md',
      '/memories/ﬁle.md'
    ]) {
      accepted(raw)
    }
  })

  it('shows a refused path escaped and bounded, never raw control characters', () => {
    const message = refusal(`/memories/a\nb${'x'.repeat(500)}`)
    expect(message).not.toContain('\n')
    expect(message).toContain('a\\nb')
    expect(message.length).toBeLessThan(400)
  })
})

describe('ioFailure', () => {
  it('words errno codes and drops the raw message (with its host path)', () => {
    const error = Object.assign(new Error("EACCES: permission denied, open '/home/me/.config/x'"), {
      code: 'EACCES'
    })
    expect(ioFailure('view', '/memories/x.md', error).message).toBe(
      'Error: Could not view /memories/x.md: permission denied.'
    )
    const full = Object.assign(new Error('ENOSPC: no space left'), { code: 'ENOSPC' })
    expect(ioFailure('create', '/memories/x.md', full).message).toBe(
      'Error: Could not create /memories/x.md: the disk is full.'
    )
    expect(ioFailure('edit', '/memories/x.md', new Error('/home/me weird')).message).toBe(
      'Error: Could not edit /memories/x.md: an unexpected error occurred.'
    )
  })
})

describe('refusedInPassedFolder (a scan checks a file by its name once its folder passed)', () => {
  const folders = [
    '',
    'notes',
    'a/b',
    Array.from({ length: 4 }, () => 'x'.repeat(250)).join('/'), // a long path: its length counts
    Array.from({ length: 32 }, () => 'd').join('/') // as deep as allowed: a file in it is too deep
  ]
  const names = [
    'plan.md',
    'a%2e',
    'a\u202e.md',
    'trail.',
    'CON',
    'x'.repeat(256),
    '\uD800a',
    'a\u00c0\u0080',
    'ok\uff0emd',
    'tab\there',
    `.cairn-${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.tmp`,
    'y'.repeat(200),
    'con.md',
    'Com1',
    'lpt9.txt.md',
    'a..b',
    'A_b-1.md',
    '-lead.md',
    'end-',
    'z'.repeat(255),
    'z'.repeat(254) + '.',
    'nul',
    // Device stems of 3 and 4 characters, and names near them (the plain-name shortcut).
    'aux',
    'Prn.x.y',
    'com0.md',
    'LPT1.',
    'com10',
    'com1a.md',
    'conin',
    'CLOCK',
    'co.n',
    'a.con',
    'con-1.md',
    'nul_',
    'lpt',
    'cons.md',
    'Aux.Md.txt',
    // In the long folder: the whole path 1,024 characters long (allowed), then 1,025 (not).
    'ten_chars1',
    'eleven_char'
  ]
  it('agrees with parseMemoryPath on every folder that passed', () => {
    let refused = 0
    for (const folder of folders) {
      if (!parseMemoryPath(`/memories/${folder}`).ok) continue
      for (const name of names) {
        const rel = folder ? `${folder}/${name}` : name
        const depth = rel.split('/').length
        const expected = !parseMemoryPath(`/memories/${rel}`).ok
        expect(refusedInPassedFolder(rel, name, depth), rel).toBe(expected)
        if (expected) refused++
      }
    }
    expect(refused).toBeGreaterThan(names.length) // the length and depth cases were refused too
  })
})
