// The secret guard's cost per scan, against secretlint's recommended preset alone (the guard
// before issue 23), measured in the same run on the texts memory writes: Markdown notes of a few
// KB (headings, lists, quotes), a note with non-ASCII text, and a note holding a key block.
// Usage: npm run bench:guard   (BENCH_SCANS: scans per text, default 2,000)
import { lintSource } from '@secretlint/core'
import { secretLintProfiler } from '@secretlint/profiler'
import { rules } from '@secretlint/secretlint-rule-preset-recommend'
import type { SecretLintRuleCreator } from '@secretlint/types'
import { findSecrets } from '../src/main/services/memory/secret-guard/find'

secretLintProfiler.setEnabled(false)
const SCANS = Number(process.env.BENCH_SCANS ?? 2_000)
const PRESET = {
  rules: (rules as SecretLintRuleCreator[]).map((rule) => ({ id: rule.meta.id, rule }))
}

function note(lines: number, accent = false): string {
  return Array.from({ length: lines }, (_, i) =>
    i % 6 === 0
      ? `## ${accent ? 'Café ' : ''}Section ${i}`
      : i % 6 === 3
        ? `> The user said on ${i} May: keep answers short.`
        : `- item ${i}: prefers tea over coffee, walks the dog at ${i % 12} o'clock`
  ).join('\n')
}

const TEXTS: Array<[string, string]> = [
  ['note, 1 KB', note(20)],
  ['note, 4 KB', note(70)],
  ['note with accents, 4 KB', note(70, true)],
  [
    'note quoting a public key block',
    `${note(20)}\n-----BEGIN PUBLIC KEY-----\n${'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE'.repeat(3)}\n-----END PUBLIC KEY-----\n`
  ]
]

async function perScan(scan: (text: string) => Promise<unknown>, text: string): Promise<number> {
  for (let i = 0; i < 100; i++) await scan(text)
  const start = performance.now()
  for (let i = 0; i < SCANS; i++) await scan(text)
  return (performance.now() - start) / SCANS
}

const preset = (content: string) =>
  lintSource({
    source: { filePath: '/memory.md', content, ext: '.md', contentType: 'text' },
    options: { config: PRESET, maskSecrets: true, noPhysicFilePath: true }
  })

console.log(`Secret guard cost per scan (${SCANS} scans per text, after 100 warm-up)`)
console.log(`${'text'.padEnd(34)} ${'preset ms'.padStart(10)} ${'guard ms'.padStart(10)}  ratio`)
for (const [name, text] of TEXTS) {
  // Alternated, so load on the machine falls on both alike.
  const base = await perScan(preset, text)
  const guard = await perScan((t) => findSecrets(t), text)
  console.log(
    `${name.padEnd(34)} ${base.toFixed(3).padStart(10)} ${guard.toFixed(3).padStart(10)}  ${(guard / base).toFixed(2)}×`
  )
}
