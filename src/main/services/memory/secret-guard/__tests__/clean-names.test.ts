import { describe, expect, it } from 'vitest'
import { prng } from '../../__tests__/prng'
import { credentialedNames, credentialInName, secretsInName } from '../name-guard'
import { lookAlikes, secretSamples } from './samples'

// A cold open checks every name in one scan per batch (credentialedNames) instead of two scans per
// name.
// The batch answer must be exactly the name-by-name answer, whatever sits beside a name.

const asName = (text: string) => text.replaceAll('/', '_')

function shuffled<T>(items: T[], seed: number): T[] {
  const rand = prng(seed)
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

describe('credentialedNames', () => {
  it('flags the same names, in the same words, as asking name by name, neighbours and all', async () => {
    const secrets = secretSamples(26, 2).flatMap((sample) => [
      asName(sample.secret),
      asName(sample.text),
      `notes_${asName(sample.secret)}_old.md`
    ])
    const ordinary = Array.from({ length: 300 }, (_, n) => `note-${n}.md`)
    // Neighbours that could lend a rule its context: key words, armour halves, a scheme.
    const leaders = [
      'aws_secret_access_key',
      '-----BEGIN RSA PRIVATE KEY-----',
      '-----END RSA PRIVATE KEY-----',
      'https:',
      'password=',
      'token'
    ]
    const names = shuffled(
      [...secrets, ...lookAlikes(26, 40).map(asName), ...ordinary, ...leaders],
      26
    )
    const expected = new Map<string, string>()
    for (const name of names) {
      if ((await secretsInName(name)).length > 0)
        expected.set(name, (await credentialInName(name))!)
    }

    const flagged = await credentialedNames(names)

    expect([...flagged].sort()).toEqual([...expected].sort())
    // The corpus holds both answers, so the comparison can fail either way.
    expect(names.length - expected.size).toBeGreaterThan(300)
    expect(expected.size).toBeGreaterThan(20)
  })

  it('flags a secret name when it is the only one in a big batch', async () => {
    const names = Array.from({ length: 4_100 }, (_, n) => `folder-${n % 7}/note-${n}.md`).flatMap(
      (rel) => rel.split('/')
    )
    const key = `AKIA${'QWERTYUIOPASDFGH'}`
    names.splice(2_500, 0, `${key}.md`)

    const flagged = await credentialedNames(new Set(names))

    expect([...flagged.keys()]).toEqual([`${key}.md`])
    expect(flagged.get(`${key}.md`)).toBe(await credentialInName(`${key}.md`))
  })
})
