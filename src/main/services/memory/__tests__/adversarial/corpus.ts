/**
 * The generated traversal corpus: every path here must be refused by every command. Nothing in it
 * is a legitimate `/memories/...` path once normalised (NFKC), so "refused" is the only right answer.
 */

export interface HostilePath {
  category: string
  path: string
}

/** Spellings of `..` — plain, percent-encoded (once, twice, thrice), overlong UTF-8, NFKC look-alikes. */
export const DOT_DOT = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '%252e%252e',
  '%25252e%25252e',
  '%c0%ae%c0%ae',
  '%C0%AE.',
  '%e0%80%ae%e0%80%ae',
  '%f0%80%80%ae%f0%80%80%ae',
  '\uff0e\uff0e', // full-width full stops
  '.\uff0e',
  '\u2025', // two dot leader: NFKC → ".."
  '\ufe52\ufe52', // small full stops
  '\u2024\u2024' // one dot leaders
]

/** Spellings of a separator — slash and backslash, encoded, overlong, full-width and small forms. */
export const SEPARATORS = [
  '/',
  '\\',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%252f',
  '%255c',
  '%c0%af',
  '%c1%9c',
  '\uff0f', // full-width solidus
  '\uff3c', // full-width reverse solidus
  '\ufe68', // small reverse solidus
  '\\/'
]

/** Where each climb should land: k levels above the root (data/, then the sandbox base). */
const TARGETS: Array<{ up: number; target: string[] }> = [
  { up: 1, target: ['secret.txt'] },
  { up: 1, target: ['memories_backup', 'notes.md'] },
  { up: 1, target: ['outside', 'sub', 'x.md'] },
  { up: 2, target: ['secret.txt'] }
]

/** Folders that exist inside the root, so climbs start from real directories too. */
export const PREFIX_DIRS = ['a', 'a/a', 'a/a/a']

export const WINDOWS_DEVICES = [
  'CON',
  'PRN',
  'AUX',
  'NUL',
  ...Array.from({ length: 9 }, (_, i) => `COM${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `LPT${i + 1}`),
  'COM\u00b9', // superscript digits: NFKC → COM1 (Windows treats them as devices too)
  'COM\u00b2',
  'LPT\u00b3'
]

const CONTROL_CHARS = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f']

function generatedClimbs(): HostilePath[] {
  const out: HostilePath[] = []
  for (const dots of DOT_DOT) {
    for (const sep of SEPARATORS) {
      for (let depth = 0; depth <= 3; depth += 1) {
        for (const { up, target } of TARGETS) {
          // Only two targets per depth keep the corpus size sane while covering both levels.
          if ((depth + up + target.length) % 2 === 1 && target[0] !== 'secret.txt') continue
          const climb = Array.from({ length: depth + up }, () => dots)
          const segments = [...Array.from({ length: depth }, () => 'a'), ...climb, ...target]
          out.push({ category: 'climb', path: `/memories/${segments.join(sep)}` })
          // The same with the separator after /memories spelled the hostile way as well.
          if (sep !== '/' && depth === 0) {
            out.push({ category: 'climb', path: `/memories${sep}${segments.join(sep)}` })
          }
        }
      }
    }
  }
  return out
}

function dotDotAlone(): HostilePath[] {
  const out: HostilePath[] = []
  for (const dots of DOT_DOT) {
    // A `..` that stays inside (or lands on) the root is refused all the same.
    out.push({ category: 'dotdot', path: `/memories/${dots}` })
    out.push({ category: 'dotdot', path: `/memories/${dots}/` })
    out.push({ category: 'dotdot', path: `/memories/a/${dots}` })
    out.push({ category: 'dotdot', path: `/memories/a/${dots}/seed.md` })
    out.push({ category: 'dotdot', path: `/memories/${dots}/memories/seed.md` })
    out.push({ category: 'dotdot', path: `/memories/a/${dots}/${dots}/${dots}/etc/passwd` })
  }
  for (let n = 1; n <= 12; n += 1) {
    out.push({ category: 'dotdot', path: `/memories/${'../'.repeat(n)}etc/passwd` })
    out.push({ category: 'dotdot', path: `/memories/${'..\\'.repeat(n)}etc\\passwd` })
    out.push({ category: 'dotdot', path: `/memories/${'..//'.repeat(n)}etc/passwd` })
    out.push({ category: 'dotdot', path: `/memories/${'./../'.repeat(n)}secret.txt` })
  }
  out.push({ category: 'dotdot', path: '/memories/....//secret.txt' })
  out.push({ category: 'dotdot', path: '/memories/..../secret.txt' })
  out.push({ category: 'dotdot', path: '/memories/.../secret.txt' })
  out.push({ category: 'dotdot', path: '/memories/a/b/../../../secret.txt' })
  out.push({ category: 'dotdot', path: '/memories/../memories_backup/notes.md' })
  out.push({ category: 'dotdot', path: '/memories/../memories/seed.md' })
  out.push({ category: 'dotdot', path: '/memories/..%00/secret.txt' })
  return out
}

function encodedOther(): HostilePath[] {
  const paths = [
    '/memories%2f..%2fsecret.txt',
    '/memories%2F..%2Fmemories_backup%2Fnotes.md',
    '%2fmemories%2f..%2fsecret.txt',
    '%2Fetc%2Fpasswd',
    '/memories/%2fetc%2fpasswd',
    '/memories/%2e',
    '/memories/%2e/seed.md',
    '/memories/%252e',
    '/memories/a%2fb.md',
    '/memories/a%5cb.md',
    '/memories/a%00.md',
    '/memories/%00',
    '/memories/seed.md%00.txt',
    '/memories/%c0%ae',
    '/memories/%c0%afetc%c0%afpasswd',
    '/memories/%e0%80%af',
    '/memories/%25%32%65%25%32%65/secret.txt',
    '/%6d%65%6d%6f%72%69%65%73/seed.md'
  ]
  return paths.map((path) => ({ category: 'encoded', path }))
}

function backslashes(): HostilePath[] {
  const paths = [
    '\\memories\\seed.md',
    '\\memories',
    '/memories\\seed.md',
    '/memories\\..\\secret.txt',
    '/memories/\\',
    '/memories/a\\b.md',
    '/memories/seed.md\\',
    '/memories/\\..\\..\\secret.txt',
    '/memories/a/\\/..',
    '/memories/\uff3c..\uff3csecret.txt',
    '/memories/a\ufe68b.md'
  ]
  return paths.map((path) => ({ category: 'backslash', path }))
}

function controls(): HostilePath[] {
  const out: HostilePath[] = []
  for (const c of CONTROL_CHARS) {
    out.push({ category: 'control', path: `/memories/a${c}b.md` })
    out.push({ category: 'control', path: `/memories/${c}` })
    out.push({ category: 'control', path: `/memories/seed.md${c}` })
    out.push({ category: 'control', path: `/memories${c}/seed.md` })
    out.push({ category: 'control', path: `${c}/memories/seed.md` })
  }
  return out
}

function drives(): HostilePath[] {
  const out: HostilePath[] = []
  for (const letter of ['C', 'c', 'D', 'z']) {
    for (const path of [
      `${letter}:`,
      `${letter}:\\`,
      `${letter}:/`,
      `${letter}:\\Windows\\win.ini`,
      `${letter}:/memories/seed.md`,
      `${letter}:memories`,
      `/memories/${letter}:`,
      `/memories/${letter}:/x.md`,
      `/memories/${letter}:\\x.md`,
      `/memories/${letter}:x.md`,
      `/memories/a/${letter}:/x.md`,
      `/memories/${letter}\uff1a/x.md` // full-width colon: NFKC → "C:"
    ]) {
      out.push({ category: 'drive', path })
    }
  }
  return out
}

function uncs(): HostilePath[] {
  const paths = [
    '\\\\server\\share\\x.md',
    '\\\\server\\share',
    '\\\\?\\C:\\x.md',
    '\\\\?\\UNC\\server\\share\\x.md',
    '\\\\.\\COM1',
    '\\\\.\\pipe\\x',
    '\\\\localhost\\c$\\Windows',
    '//server/share/x.md',
    '//?/C:/x.md',
    '//./pipe/x',
    '/memories/\\\\server\\share',
    '/memories/\\\\?\\C:\\x.md',
    '/memories//?/C:/x.md',
    '/memories/\\\\.\\NUL'
  ]
  return paths.map((path) => ({ category: 'unc', path }))
}

function devices(): HostilePath[] {
  const out: HostilePath[] = []
  for (const device of WINDOWS_DEVICES) {
    for (const name of [device, device.toLowerCase()]) {
      for (const ext of ['', '.txt', '.md', '.tar.gz']) {
        const file = `${name}${ext}`
        out.push({ category: 'device', path: `/memories/${file}` })
        out.push({ category: 'device', path: `/memories/dir/${file}` })
        out.push({ category: 'device', path: `/memories/${file}/x.md` })
      }
    }
  }
  // Mixed case.
  for (const path of ['/memories/Con', '/memories/cOm1.md', '/memories/nUl.txt', '/memories/Aux']) {
    out.push({ category: 'device', path })
  }
  return out
}

function trailing(): HostilePath[] {
  const paths = [
    '/memories/a.',
    '/memories/a ',
    '/memories/a.md.',
    '/memories/a.md ',
    '/memories/a..',
    '/memories/a. ',
    '/memories/a .',
    '/memories/dir./x.md',
    '/memories/dir /x.md',
    '/memories/a/b./c.md',
    '/memories/seed.md.',
    '/memories/seed.md ',
    '/memories/a\u3000', // ideographic space: NFKC → " "
    '/memories/a\u00a0', // no-break space: NFKC → " "
    '/memories/a\uff0e', // full-width full stop: NFKC → "."
    '/memories/dir\uff0e/x.md'
  ]
  return paths.map((path) => ({ category: 'trailing', path }))
}

function prefixes(): HostilePath[] {
  const paths = [
    '/memoriesX',
    '/memoriesX/seed.md',
    '/memories_backup',
    '/memories_backup/',
    '/memories_backup/notes.md',
    '/memories_backup/nested/deep.md',
    '/memories_backup/new.md',
    '/memories-backup/x.md',
    '/memories.bak/x.md',
    '/memories../secret.txt',
    '/memories..',
    '/memories./seed.md',
    '/Memories/seed.md',
    '/MEMORIES/seed.md',
    'memories/seed.md',
    'memories',
    './memories/seed.md',
    '~/memories/seed.md',
    '//memories/seed.md',
    ' /memories/seed.md',
    '/ memories/seed.md',
    '/memories\u200b/seed.md',
    '/memories_backup/../memories_backup/notes.md',
    'file:///memories/seed.md',
    'file:///etc/passwd',
    '/memories:x',
    '/memories;/seed.md',
    '/memories?x=1',
    '/memories#x',
    '/memories\u0000/seed.md'
  ]
  return paths.map((path) => ({ category: 'prefix', path }))
}

function absolutes(hostPaths: string[]): HostilePath[] {
  const paths = [
    '/etc/passwd',
    '/etc/shadow',
    '/proc/self/environ',
    '/dev/null',
    '/tmp/x.md',
    '/',
    '//',
    '///etc/passwd',
    '/memories/../../../../../../../../etc/passwd',
    ...hostPaths
  ]
  return paths.map((path) => ({ category: 'absolute', path }))
}

function empties(): HostilePath[] {
  const paths = ['', ' ', '.', '..', '\t', '\n', '/.', '/..', '~']
  return paths.map((path) => ({ category: 'empty', path }))
}

function longs(): HostilePath[] {
  const paths = [
    `/memories/${'a'.repeat(256)}`,
    `/memories/${'a'.repeat(300)}.md`,
    `/memories/${'\u00e9'.repeat(200)}.md`, // 200 characters, 400 bytes
    `/memories/${'\u{1f600}'.repeat(100)}`, // 200 code units, 400 bytes
    `/memories/${'abcdefghij/'.repeat(400)}x.md`, // longer than PATH_MAX
    `/memories/${'a/'.repeat(3000)}x.md`,
    `/memories/${'x'.repeat(100_000)}`,
    'a'.repeat(100_000),
    `/memories/${'../'.repeat(2000)}etc/passwd`
  ]
  return paths.map((path) => ({ category: 'long', path }))
}

/** The whole corpus, deduplicated; `hostPaths` are absolute host paths of the test sandbox. */
export function hostileCorpus(hostPaths: string[]): HostilePath[] {
  const all = [
    ...generatedClimbs(),
    ...dotDotAlone(),
    ...encodedOther(),
    ...backslashes(),
    ...controls(),
    ...drives(),
    ...uncs(),
    ...devices(),
    ...trailing(),
    ...prefixes(),
    ...absolutes(hostPaths),
    ...empties(),
    ...longs()
  ]
  const seen = new Set<string>()
  return all.filter(({ path }) => {
    if (seen.has(path)) return false
    seen.add(path)
    return true
  })
}
