import { describe, expect, it } from 'vitest'
import { findSecrets } from '../find'
import { lookAlikes, SECRET_KINDS, secretSamples } from './samples'

// Recall and false positives over a generated corpus: >= 200 secrets across every kind the guard
// promises, >= 200 things that only look like one. Prints the figures; asserts sensible floors.

describe('secret guard corpus', () => {
  it('catches nearly every secret and flags almost no look-alike', async () => {
    const secrets = secretSamples(20261122, 20)
    const negatives = lookAlikes(7, 220)
    expect(secrets.length).toBeGreaterThanOrEqual(200)
    expect(negatives.length).toBeGreaterThanOrEqual(200)

    const missed: Record<string, number> = {}
    const byKind = new Map<string, { caught: number; total: number }>()
    let caught = 0
    for (const sample of secrets) {
      const at = sample.text.indexOf(sample.secret)
      const found = await findSecrets(sample.text)
      const hit = found.some((f) => f.start < at + sample.secret.length && f.end > at)
      const row = byKind.get(sample.kind) ?? { caught: 0, total: 0 }
      byKind.set(sample.kind, { caught: row.caught + (hit ? 1 : 0), total: row.total + 1 })
      if (hit) caught++
      else missed[sample.kind] = (missed[sample.kind] ?? 0) + 1
    }
    const flagged: string[] = []
    for (const text of negatives) if ((await findSecrets(text)).length) flagged.push(text)

    const recall = caught / secrets.length
    const fp = flagged.length / negatives.length
    const table = [...byKind].map(
      ([kind, row]) => `  ${kind.padEnd(26)} ${row.caught}/${row.total}`
    )
    console.log(`tokens by kind             caught/total\n${table.join('\n')}`)
    console.log(
      `secret guard: recall ${(recall * 100).toFixed(1)}% (${caught}/${secrets.length}), ` +
        `false positives ${(fp * 100).toFixed(1)}% (${flagged.length}/${negatives.length}); ` +
        `kinds: ${SECRET_KINDS.length}; missed by kind: ${JSON.stringify(missed)}; ` +
        `flagged look-alikes: ${JSON.stringify(flagged.map((text) => text.slice(0, 40)))}`
    )
    expect(recall).toBeGreaterThanOrEqual(0.95)
    expect(fp).toBeLessThanOrEqual(0.05)
  })
})
