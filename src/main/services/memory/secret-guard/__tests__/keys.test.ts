import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { findSecrets } from '../find'
import { redact } from '../words'
import { bodyOf, keyCorpus } from './key-samples'
import { secretSamples } from './samples'

// Private keys by structure (real keys of every type and encoding node:crypto makes, and the
// PGP, OpenSSH and PuTTY armours), secrets hidden by invisible characters, full-width letters,
// quoting and wrapping, and the look-alikes that must stay allowed. Prints a table per category.

describe('private keys and look-alikes (generated corpus)', () => {
  it('catches every private key and flags no look-alike', async () => {
    const { secrets, lookAlikes } = keyCorpus(2)
    expect(lookAlikes.length).toBeGreaterThanOrEqual(secrets.length)
    const rows = new Map<string, { hit: number; total: number }>()
    const missed: string[] = []
    for (const sample of secrets) {
      const at = sample.text.indexOf(sample.secret)
      const found = await findSecrets(sample.text)
      const covered = found.some((f) => f.start <= at && f.end >= at + sample.secret.length)
      const row = rows.get(sample.category) ?? { hit: 0, total: 0 }
      row.total++
      if (covered) row.hit++
      else missed.push(sample.category)
      rows.set(sample.category, row)
    }
    const flagged = new Map<string, { hit: number; total: number }>()
    const flaggedTexts: string[] = []
    for (const sample of lookAlikes) {
      const found = await findSecrets(sample.text)
      const row = flagged.get(sample.category) ?? { hit: 0, total: 0 }
      row.total++
      if (found.length) {
        row.hit++
        flaggedTexts.push(`${found.map((f) => f.kind).join(',')}: ${sample.text.slice(0, 60)}`)
      }
      flagged.set(sample.category, row)
    }
    const caught = [...rows.values()].reduce((s, r) => s + r.hit, 0)
    const fp = [...flagged.values()].reduce((s, r) => s + r.hit, 0)
    const table = [
      'private keys               caught/total',
      ...[...rows].map(([c, r]) => `  ${c.padEnd(26)} ${r.hit}/${r.total}`),
      `  ${'ALL'.padEnd(26)} ${caught}/${secrets.length}`,
      'look-alikes                flagged/total',
      ...[...flagged].map(([c, r]) => `  ${c.padEnd(26)} ${r.hit}/${r.total}`),
      `  ${'ALL'.padEnd(26)} ${fp}/${lookAlikes.length}`
    ].join('\n')
    console.log(`${table}\nflagged: ${JSON.stringify(flaggedTexts)}`)
    expect(missed).toEqual([])
    expect(flaggedTexts).toEqual([])
  }, 60_000)
})

const ZWSP = '\u200b'
const fullWidth = (s: string) =>
  s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))
const every = (s: string, n: number, glue: string) =>
  s.replace(new RegExp(`(.{${n}})(?=.)`, 'g'), `$1${glue}`)

const ANTHROPIC = secretSamples(21, 1).find((s) => s.kind === 'Anthropic API key')!.secret
const GITHUB = secretSamples(22, 1).find((s) => s.kind === 'GitHub token')!.secret
const AWS = secretSamples(23, 1).find((s) => s.kind === 'AWS access key')!.secret
const pem = (type: 'ec' | 'rsa', format: 'sec1' | 'pkcs8') =>
  generateKeyPairSync(
    type as 'ec',
    {
      namedCurve: 'P-256',
      modulusLength: 2048,
      privateKeyEncoding: { type: format, format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' }
    } as never
  ).privateKey.trimEnd()
const ED25519 = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString()
  .trimEnd()

/** [name, the secret as a note holds it, the plain secret, a piece of it redaction must remove] */
const HIDDEN: Array<[name: string, hidden: string, kind: string, piece: string]> = (() => {
  const rsa = pem('rsa', 'pkcs8')
  const ec = pem('ec', 'sec1')
  return [
    [
      'an Anthropic key split by zero-width spaces',
      every(ANTHROPIC, 9, ZWSP),
      'Anthropic API key',
      ANTHROPIC.slice(20, 29)
    ],
    [
      'an Ed25519 key split by zero-width spaces',
      every(ED25519, 7, ZWSP),
      'private key',
      bodyOf(ED25519).slice(10, 17)
    ],
    [
      'a GitHub token in full-width letters',
      fullWidth(GITHUB),
      'GitHub token',
      fullWidth(GITHUB.slice(8, 20))
    ],
    [
      'a PEM key quoted in Markdown',
      rsa.replace(/^/gm, '> '),
      'private key',
      bodyOf(rsa).slice(100, 140)
    ],
    ['a PEM key in a # comment', ec.replace(/^/gm, '# '), 'private key', bodyOf(ec).slice(10, 40)],
    [
      'a PEM key in // comments as a list',
      ec.replace(/^/gm, '// - '),
      'private key',
      bodyOf(ec).slice(10, 40)
    ],
    [
      'a key whose BEGIN header holds a zero-width space',
      ec.replace('BEGIN EC', `BEG${ZWSP}IN EC`),
      'private key',
      bodyOf(ec).slice(10, 40)
    ],
    [
      'an sk-ant-api03 token split by a bidi char',
      `${ANTHROPIC.slice(0, 30)}\u202e${ANTHROPIC.slice(30, 60)}\u2066${ANTHROPIC.slice(60)}`,
      'Anthropic API key',
      ANTHROPIC.slice(40, 55)
    ],
    [
      'an AWS access key id glued to other text',
      `credsfor${AWS}onprod`,
      'AWS access key',
      AWS.slice(4)
    ],
    [
      'a GitHub token wrapped over two lines',
      `- token: ${GITHUB.slice(0, 20)}\n  ${GITHUB.slice(20)}`,
      'GitHub token',
      GITHUB.slice(22)
    ]
  ]
})()

describe('secrets in transformed text', () => {
  it.each(HIDDEN)(
    'catches %s, on the raw line it starts on, and redaction removes it',
    async (_name, hidden, kind, piece) => {
      const text = `# Notes\n\nSome text first.\nThen: ${hidden}\nLast line.\n`
      const found = await findSecrets(text)
      expect(found.map((f) => f.kind)).toContain(kind)
      const hit = found.find((f) => f.kind === kind)!
      expect(hit.line).toBe(4)
      const redacted = redact(text, found)
      expect(redacted).toContain(`[redacted: ${kind}]`)
      expect(redacted).not.toContain(piece)
      expect(
        redacted.replace(/[\u200b-\u200d\u2060\ufeff\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      ).not.toContain(piece)
      expect(redacted.startsWith('# Notes\n\nSome text first.\nThen: ')).toBe(true)
      expect(redacted.endsWith('\nLast line.\n')).toBe(true)
      expect(await findSecrets(redacted)).toEqual([])
    }
  )

  it('a PEM key alone is reported on the line of its BEGIN header', async () => {
    const text = `a\nb\n${ED25519}\n`
    expect((await findSecrets(text)).map((f) => [f.kind, f.line])).toEqual([['private key', 3]])
  })
})
