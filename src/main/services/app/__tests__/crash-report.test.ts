import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildCrashReport, CRASH_REPORT_NEWEST } from '../crash-report'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cairn-crash-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const deps = () => ({
  dir: join(dir, 'crash-dumps'),
  app: { name: 'Cairn', version: '1.2.3' },
  platform: { os: 'linux', arch: 'x64' }
})

async function dump(path: string, bytes: number, minutesAgo: number): Promise<void> {
  const full = join(dir, 'crash-dumps', path)
  await mkdir(join(full, '..'), { recursive: true })
  await writeFile(full, Buffer.alloc(bytes, 7))
  const when = new Date(Date.UTC(2026, 10, 26, 12, 0) - minutesAgo * 60_000)
  await utimes(full, when, when)
}

describe('the crash report summary', () => {
  it('says so clearly when there are no dumps (no folder yet, or an empty one)', async () => {
    const none = await buildCrashReport(deps())
    expect(none).toEqual({ count: 0, total: 0, text: expect.stringMatching(/^No crash reports/) })
    await mkdir(join(dir, 'crash-dumps', 'completed'), { recursive: true })
    expect((await buildCrashReport(deps())).count).toBe(0)
  })

  it('lists the newest dumps first with name, time, size and the app version, never their bytes', async () => {
    await dump('completed/older.dmp', 1_536, 90)
    await dump('pending/newest.dmp', 10, 1)
    await dump('completed/notes.txt', 5, 0) // not a dump
    const report = await buildCrashReport(deps())
    expect(report.count).toBe(2)
    expect(report.total).toBe(2)
    const lines = report.text.split('\n')
    expect(lines[0]).toBe('Cairn 1.2.3 crash reports (linux x64)')
    const newest = lines.findIndex((line) => line.includes(join('pending', 'newest.dmp')))
    const older = lines.findIndex((line) => line.includes(join('completed', 'older.dmp')))
    expect(newest).toBeGreaterThan(0)
    expect(older).toBeGreaterThan(newest)
    expect(lines[older]).toContain('2026-11-26T10:30:00.000Z')
    expect(lines[older]).toContain('(1536 bytes)')
    expect(report.text).not.toContain('notes.txt')
    expect(report.text).not.toContain('\u0007') // the dump's contents never appear
  })

  it(`names at most the newest ${CRASH_REPORT_NEWEST} and counts the rest`, async () => {
    for (let i = 0; i < CRASH_REPORT_NEWEST + 3; i++) await dump(`completed/d${i}.dmp`, 1, i)
    const report = await buildCrashReport(deps())
    expect(report.count).toBe(CRASH_REPORT_NEWEST)
    expect(report.total).toBe(CRASH_REPORT_NEWEST + 3)
    expect(report.text).toContain(`Newest ${CRASH_REPORT_NEWEST} of ${CRASH_REPORT_NEWEST + 3}:`)
    expect(report.text).toContain('d0.dmp')
    expect(report.text).not.toContain(`d${CRASH_REPORT_NEWEST}.dmp`)
  })

  // Skipped on Windows: making a symbolic link there needs admin rights or Developer Mode.
  it.skipIf(process.platform === 'win32')('does not follow links out of the folder', async () => {
    const outside = join(dir, 'outside')
    await mkdir(outside)
    await writeFile(join(outside, 'secret.dmp'), 'x')
    await mkdir(join(dir, 'crash-dumps'), { recursive: true })
    await symlink(outside, join(dir, 'crash-dumps', 'completed'))
    await symlink(join(outside, 'secret.dmp'), join(dir, 'crash-dumps', 'linked.dmp'))
    expect((await buildCrashReport(deps())).count).toBe(0)
  })
})
