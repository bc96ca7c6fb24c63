import { copyFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { apiError } from '../../../../../e2e/fake-anthropic'
import { anthropicKey } from '../../memory/__tests__/kept-bytes'
import { prng } from '../../memory/__tests__/prng'
import { SECRET_SKIP } from '../round/secrets'
import { createSyncService } from '../service'
import { STATE_FILE } from '../state'
import { useTwoDevices, type Device } from './two-devices'

// Random edits on both devices (LF, CRLF and BOM-framed, NFC names, nested folders), deletes,
// renames, merges, texts the guard keeps back, offline periods, faults mid-round and crashes that
// lose the round's state: at the end both folders and the store agree byte for byte (a file
// holding a secret stays on its device, listed), and every text ever written is still reachable
// (in a folder, in a device's history, or in the store's versions).

const STEPS = 520
const NAMES = [
  '/memories/a.md',
  '/memories/b.md',
  '/memories/c.md',
  '/memories/d/e.md',
  '/memories/d/f.md',
  '/memories/d/g/caf\u00e9.md'
]
/** Each device's file with a key the user allowed there: never sent, always listed. */
const secretPath = (d: Device) => `/memories/keys-${d.name}.md`

describe('sync property: two devices converge and lose nothing', () => {
  const two = useTwoDevices()

  test.each([1, 7])(
    'seed %i',
    async (seed) => {
      const random = prng(seed)
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
      const { a, b, fake, storeId } = await two.start()
      const written = new Set<string>()
      let offline = false
      let backOnline = 0
      let counter = 0
      const stats = {
        edits: 0,
        deletes: 0,
        renames: 0,
        rounds: 0,
        failedRounds: 0,
        crashes: 0,
        offlinePeriods: 0,
        secrets: 0
      }

      const edit = async (d: Device): Promise<void> => {
        const path = pick(NAMES)
        const files = await d.files()
        const plain = (files.get(path) ?? 'l0\nl1\nl2\nl3\nl4\n').replace(/^\uFEFF/, '')
        const lines = plain.replaceAll('\r', '').split('\n').slice(0, 5)
        while (lines.length < 5) lines.push(`l${lines.length}`)
        counter += 1
        lines[Math.floor(random() * 5)] = `${d.name}-${seed}-${counter}`
        // Some saves change the frame: CRLF line endings, a BOM.
        const eol = random() < 0.2 ? '\r\n' : '\n'
        const content = `${random() < 0.1 ? '\uFEFF' : ''}${lines.join(eol)}${eol}`
        written.add(content)
        await d.memory.write({ path, content })
        stats.edits += 1
      }
      const syncOnce = async (d: Device): Promise<void> => {
        stats.rounds += 1
        try {
          await d.sync.syncNow()
        } catch {
          stats.failedRounds += 1
        }
      }
      const crash = async (d: Device): Promise<void> => {
        // The round dies half-way and its state never reaches the disk.
        const file = join(d.stateDir, STATE_FILE)
        const saved = `${file}.before`
        await copyFile(file, saved).catch(() => undefined)
        fake.memoryStores.failAfter(1 + Math.floor(random() * 4), {
          kind: 'error',
          status: 0,
          dropConnection: true
        })
        await syncOnce(d)
        await copyFile(saved, file).catch(() => rm(file, { force: true }))
        await d.sync.dispose()
        d.sync = createSyncService({
          memory: d.memory,
          stateDir: d.stateDir,
          client: await clientOf(fake.url),
          setTimer: () => null,
          clearTimer: () => undefined
        })
        await d.sync.configure({ storeId })
        stats.crashes += 1
      }

      for (let step = 0; step < STEPS; step += 1) {
        if (offline && step >= backOnline) {
          offline = false
          fake.memoryStores.setOffline(false)
        }
        const d = random() < 0.5 ? a : b
        const roll = random()
        const files = [...(await d.files()).keys()].filter((p) => !p.startsWith('/memories/keys-'))
        if (roll < 0.02) {
          await d.memory.write({
            path: secretPath(d),
            content: `key ${anthropicKey()} ${step}\n`,
            secrets: 'allow'
          })
          stats.secrets += 1
        } else if (roll < 0.33) await edit(d)
        else if (roll < 0.41 && files.length > 0) {
          await d.memory.delete(pick(files))
          stats.deletes += 1
        } else if (roll < 0.5 && files.length > 0) {
          const to = pick(NAMES)
          if (!files.includes(to)) {
            await d.memory.rename({ from: pick(files), to })
            stats.renames += 1
          }
        } else if (roll < 0.51 && !offline) {
          // An offline period of 5 to 40 steps; edits go on meanwhile.
          offline = true
          backOnline = step + 5 + Math.floor(random() * 35)
          fake.memoryStores.setOffline(true)
          stats.offlinePeriods += 1
        } else if (roll < 0.53)
          fake.memoryStores.fail(
            apiError(pick([429, 500, 529]), { headers: { 'retry-after': '1' } })
          )
        else if (roll < 0.57 && !offline) await crash(d)
        else await syncOnce(d)
      }

      fake.memoryStores.heal()
      for (let i = 0; i < 4; i += 1) {
        await a.sync.syncNow()
        await b.sync.syncNow()
      }
      // A file with a secret stays where it was written, listed there as not synced.
      for (const d of [a, b])
        if ((await d.files()).has(secretPath(d)))
          expect(d.sync.status().skipped).toContainEqual({
            path: secretPath(d),
            reason: SECRET_SKIP
          })
      const synced = async (d: Device) =>
        new Map([...(await d.files())].filter(([p]) => !p.startsWith('/memories/keys-')))
      const onA = await synced(a)
      const onB = await synced(b)
      expect(onA).toEqual(onB)
      expect(JSON.stringify(fake.memoryStores.versions(storeId))).not.toMatch(/sk-ant-api03-/)
      const remote = new Map(
        fake.memoryStores.memories(storeId).map((m) => [`/memories${m.path.slice(0)}`, m.content])
      )
      expect(remote).toEqual(onA)
      // A further round changes nothing and costs list pages only.
      const before = fake.memoryStoreRequests().length
      await a.sync.syncNow()
      await b.sync.syncNow()
      expect(
        fake
          .memoryStoreRequests()
          .slice(before)
          .every((r) => r.method === 'GET' && r.path.endsWith('/memories'))
      ).toBe(true)

      const remoteTexts = new Set(fake.memoryStores.versions(storeId).map((v) => v.content))
      const lost: string[] = []
      for (const text of written) {
        if ([...onA.values()].includes(text) || remoteTexts.has(text)) continue
        const inHistory = async (d: Device) => (await d.memory.findInHistory(text)).hits.length > 0
        if ((await inHistory(a)) || (await inHistory(b))) continue
        lost.push(text)
      }
      console.log(`sync property seed ${seed}`, {
        ...stats,
        files: onA.size,
        conflicts: a.sync.status().conflicts.length + b.sync.status().conflicts.length,
        written: written.size,
        lost: lost.length
      })
      expect(lost).toEqual([])
    },
    300_000
  )
})

async function clientOf(url: string) {
  const { default: Anthropic } = await import('@anthropic-ai/sdk')
  const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: url, maxRetries: 0 })
  return async () => client
}
