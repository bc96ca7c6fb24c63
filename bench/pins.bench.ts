// Pinned patterns: what one expiry preview spends on them at 2,000 files (the preview asks
// `pinned(rel)` of every file). The matcher (core/glob.ts, re2js) against the hand-written
// automaton it replaced (bench/baseline/glob-nfa.ts), in the same run, for a typical pattern set
// and two hostile ones at the settings' limits (100 patterns, 200 characters, 16 stars), over
// folder-like paths and over paths made of the patterns' own letters (the worst case for both).
// "first" is a preview on a freshly compiled set (compile included); "again" the median of the
// next BENCH_PREVIEWS previews (the set stays compiled while the pins do not change).
// Usage: npm run bench:pins   (BENCH_PREVIEWS, default 5)
import { compileGlobs } from '../src/main/services/memory/core/glob'
import { compileGlobs as compileBaseline } from './baseline/glob-nfa'

const FILES = 2_000
const PREVIEWS = Number(process.env.BENCH_PREVIEWS ?? 5)

function random(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed % n
  }
}
const pick = random(35)
const WORDS = ['notes', 'project', 'meeting', 'people', 'ideas', 'daily', 'archive', 'travel']
const LETTERS = 'aeionrst-'

const pathSets: Array<[string, string[]]> = [
  [
    'folder-like paths',
    Array.from({ length: FILES }, (_, i) => {
      const folders = Array.from({ length: 1 + pick(3) }, () => `${WORDS[pick(8)]}-${pick(50)}`)
      return `${folders.join('/')}/${WORDS[pick(8)]}-note-${i}.md`
    })
  ],
  [
    "paths of the patterns' letters",
    Array.from(
      { length: FILES },
      () => `${Array.from({ length: 150 }, () => LETTERS[pick(LETTERS.length)]).join('')}.md`
    )
  ]
]

const chunk = () => Array.from({ length: 11 }, () => LETTERS[pick(LETTERS.length)]).join('')
const patternSets: Array<[string, string[]]> = [
  [
    'typical (5 patterns)',
    ['people/**', '*.pin.md', '/memories/about-me.md', 'projects/*/notes.md', 'archive/']
  ],
  [
    'hostile: 16 × *<11 letters>',
    Array.from({ length: 100 }, (_, i) => {
      const head = ['notes/**/', '', '**/'][i % 3] as string
      let body = head
      for (let s = head.split('*').length - 1; s < 16; s++) body += `*${chunk()}`
      return `${body.slice(0, 199)}z`
    })
  ],
  [
    'hostile: 16 × *<1 letter>, padded',
    Array.from({ length: 100 }, (_, i) => {
      let body = ''
      for (let s = 0; s < 16; s++) body += `*${'eo'[pick(2)]}`
      return `${body.padEnd(199, '-')}${String.fromCharCode(97 + (i % 26))}`
    })
  ]
]

function previews(
  compile: (patterns: string[]) => (rel: string) => boolean,
  patterns: string[],
  paths: string[]
) {
  let start = performance.now()
  const pinned = compile(patterns)
  let count = 0
  for (const rel of paths) if (pinned(rel)) count++
  const first = performance.now() - start
  const again: number[] = []
  for (let i = 0; i < PREVIEWS; i++) {
    start = performance.now()
    const same = compile(patterns)
    for (const rel of paths) if (same(rel)) count++
    again.push(performance.now() - start)
  }
  again.sort((a, b) => a - b)
  return { first, again: again[Math.floor(again.length / 2)] ?? 0, count }
}

console.log(
  `Pinned-pattern checks per expiry preview, ${FILES} files (again: median of ${PREVIEWS})`
)
console.log(
  `${'patterns'.padEnd(34)} ${'paths'.padEnd(30)} ${'old first'.padStart(10)} ${'old again'.padStart(10)} ${'new first'.padStart(10)} ${'new again'.padStart(10)} ${'again new/old'.padStart(14)}`
)
let row = 0
for (const [pathsName, paths] of pathSets) {
  for (const [patternsName, patterns] of patternSets) {
    // A pattern of its own per row (it matches nothing), so no row finds an earlier one's set
    // compiled: "first" is a first preview.
    const set = [...patterns, `/unused-${row++}.md`]
    const old = previews(compileBaseline, set, paths)
    const now = previews(compileGlobs, set, paths)
    if (old.count !== now.count)
      throw new Error(`the matchers disagree: ${old.count} vs ${now.count}`)
    const ms = (value: number) => value.toFixed(1).padStart(10)
    console.log(
      `${patternsName.padEnd(34)} ${pathsName.padEnd(30)} ${ms(old.first)} ${ms(old.again)} ${ms(now.first)} ${ms(now.again)} ${`${(now.again / old.again).toFixed(3)}×`.padStart(14)}`
    )
  }
}
