import { performance } from 'node:perf_hooks'
import { setTimeout as tick } from 'node:timers/promises'
import { secretLintProfiler } from '@secretlint/profiler'
import { describe, expect, it } from 'vitest'
import { prng } from '../../__tests__/prng'
import { rules as presetRules } from '@secretlint/secretlint-rule-preset-recommend'
import { findSecrets } from '../find'
import { kindOf } from '../kinds'
import { redact } from '../words'
import { cardNumber, lookAlikes, SECRET_KINDS, secretSamples } from './samples'

// One generated sample of each kind the guard promises, and the look-alikes the issue names.

describe('findSecrets', () => {
  const samples = secretSamples(42, 1)

  it.each(SECRET_KINDS)('catches a %s, with its line and column', async (kind) => {
    const sample = samples.find((s) => s.kind === kind)!
    const text = `# Notes\n\nSome text first.\n${sample.text}\n`
    const found = await findSecrets(text)
    const at = text.indexOf(sample.secret)
    const hit = found.find((f) => f.start <= at && f.end >= at + 1)
    expect(hit?.kind).toBe(kind)
    const line = text.slice(0, hit!.start).split('\n').length
    expect(hit?.line).toBe(line)
    expect(hit?.column).toBe(hit!.start - text.lastIndexOf('\n', hit!.start - 1))
    // A finding is words and numbers: nothing of the secret is in it.
    expect(JSON.stringify({ kind: hit!.kind, line: hit!.line, column: hit!.column })).not.toContain(
      sample.secret.slice(0, 12)
    )
  })

  it('catches an AWS secret access key by its label and covers all of it', async () => {
    const key = 'q8Rk2Lw9Zp4Tn6Vb1Xc3Yd5Fg7Hj0Km2Ns4Pq6Rt'
    const text = `aws_secret_access_key = "${key}"`
    const found = await findSecrets(text)
    expect(found.map((f) => f.kind)).toEqual(['AWS secret access key'])
    expect(redact(text, found)).toBe('aws_secret_access_key = "[redacted: AWS secret access key]"')
  })

  it('redacts only the password of a URL, keeping where it points', async () => {
    const text = 'db: postgres://app:Zq9!rT4wLm2x@db.internal:5432/main'
    const found = await findSecrets(text)
    expect(found.map((f) => f.kind)).toEqual(['password in a URL'])
    expect(redact(text, found)).toBe(
      'db: postgres://app:[redacted: password in a URL]@db.internal:5432/main'
    )
  })

  it('cannot be switched off by a secretlint-disable comment in the text', async () => {
    const [github] = secretSamples(3, 1).filter((s) => s.kind === 'GitHub token')
    const text = `<!-- secretlint-disable -->\n${github!.secret}\n<!-- secretlint-enable -->`
    expect((await findSecrets(text)).map((f) => f.kind)).toEqual(['GitHub token'])
  })

  it.each([
    ['a UUID', 'Ticket 3f2b8c1e-9a4d-4e6f-b1c2-7d8e9f0a1b2c is closed.'],
    ['a git sha', 'Fixed in 4b09d20e5a1c9f3e7d2b6a8c0f1e3d5b7a9c2e4f.'],
    ['a long base64 image line', lookAlikes(1, 3)[2]!],
    ['the AWS documentation example key', 'AKIAIOSFODNN7EXAMPLE'],
    ['a placeholder password in a URL', 'postgres://user:${DB_PASSWORD}@localhost/dev'],
    ['a Stripe publishable key', 'pk_live_51HcQ2bLk9Zp3Tn6Vb1Xc3Yd5'],
    [
      'random text after eyJ',
      'eyJzb21lIHRleHQgdGhhdC.eyJpcyBub3QgYSB0b2tlbiBhdCBhbGw.c2lnbmF0dXJlLWxvb2tpbmc'
    ]
  ])('does not flag %s', async (_name, text) => {
    expect(await findSecrets(text)).toEqual([])
  })

  it('does not flag a 16-digit number that fails the Luhn check', async () => {
    const valid = cardNumber(prng(9), '4', 16)
    const broken = valid.slice(0, -1) + ((Number(valid.slice(-1)) + 1) % 10)
    expect((await findSecrets(`card ${valid}`)).map((f) => f.kind)).toEqual(['credit card number'])
    expect(await findSecrets(`order ${broken}`)).toEqual([])
  })

  it('finds a secret past the first slice of a long text, on the right line', async () => {
    const [token] = secretSamples(5, 1).filter((s) => s.kind === 'Slack token')
    const filler = 'an ordinary line of notes about the garden and the weather\n'.repeat(4000)
    const text = `${filler}${token!.secret}\n${filler}`
    const found = await findSecrets(text)
    expect(found.map((f) => [f.kind, f.line])).toEqual([['Slack token', 4001]])
  })
})

describe('kind words', () => {
  // A rule a preset upgrade brings in must get its own words, not the bare "secret".
  it.each(presetRules.map((rule) => rule.meta.id).filter((id) => !id.endsWith('filter-comments')))(
    'names what %s finds',
    (id) => expect(kindOf(id, 'ANY').label).not.toBe('secret')
  )
})

// secretlint marks every rule's start and end on the process's performance timeline, and its
// profiler keeps every mark in an array it searches: in a long-lived main process each scan
// would be slower than the last and the memory never freed. The guard turns the profiler off.

describe('secretlint profiling', () => {
  it('leaves no performance entries behind after a thousand scans', async () => {
    const text = 'Notes\naws_access_key_id = AKIAQYLPMN5HHHFPZAM2\nnothing else\n'
    const ours = (type: 'mark' | 'measure'): number =>
      performance.getEntriesByType(type).filter((e) => e.name.includes('@core>')).length
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 100; i++) expect(await findSecrets(text)).toHaveLength(1)
      // The profiler's observer hears of marks a tick later.
      await tick(0)
      expect(ours('mark'), `marks after ${(round + 1) * 100} scans`).toBe(0)
      expect(ours('measure'), `measures after ${(round + 1) * 100} scans`).toBe(0)
      expect(await secretLintProfiler.getEntries()).toHaveLength(0)
      expect(await secretLintProfiler.getMeasures()).toHaveLength(0)
    }
  })
})
