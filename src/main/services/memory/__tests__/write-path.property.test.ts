import { createHash } from 'node:crypto'
import { appendFile, mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { PlannedChange } from '@shared/chat/approval'
import type { ActivityEntry, ToolResult } from '@shared/memory/memory'
import type { Approval } from '..'
import { CLAUDE, manualClock, useMemory } from './helpers'
import { prng } from './prng'

// "One write path" (design.md), as a seeded property. Random interleavings, over five file names in
// two folders, of Claude's commands (valid and not, half of them asked about, sometimes with an
// outside edit made while the card is open), outside edits, the inspector's reads, saves (with a
// fresh, stale or no expectedHash), deletes and renames, watcher batches and reverts of earlier
// entries. Every random choice is made up front (a seed is a list of steps); a failure lists the
// steps that led to it. Checked:
// 1. every byte state Cairn could have seen (on disk when an operation of Cairn's touched the
//    path, or written by Cairn) is in history: versionText gives back exactly those bytes;
// 2. nothing runs unapproved when asked: a decline leaves the disk as it was, an approval runs
//    exactly the plan approved (and only one approved plan runs);
// 3. a revert (and the inspector's delete) never takes away the only copy of a file.
// The watcher is modelled honestly: an outside edit is followed, before the next outside edit of
// the same file, by `applyExternal` of that file (the real watcher would have fired).

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
const STEPS_PER_SEED = 300
const CHECK_EVERY = 25

const FILES = ['a/x.md', 'a/y.md', 'b/x.md', 'b/y.md', 'n.md'] as const
const FOLDERS = ['a', 'b'] as const
const WORDS = ['tea', 'coffee', 'cake', 'notes', 'plan', 'alpha', 'beta', 'é', '✓ done']
const BOM = '\uFEFF'

type Rng = () => number
type OutsideOp = 'write' | 'append' | 'delete' | 'same-size'
type Edit = { op: OutsideOp; text: string; pick: number }
type AskCall = { go: boolean; edit?: Edit }
type CommandSpec =
  | { command: 'create'; path: string; fresh: number | null; file_text: string }
  | { command: 'str_replace'; path: string; old: number | string; cut: number; new_str: string }
  | { command: 'insert'; path: string; line: number; insert_text: string }
  | { command: 'delete'; path: string }
  | {
      command: 'rename'
      old_path: string
      new_path: string
      /** Fractions picking, when the command runs, something there to move and a free name. */
      there: number | null
      free: number | null
    }
  | { command: 'view'; path: string }
  | { command: 'raw'; input: unknown }
type Step =
  | { kind: 'claude'; spec: CommandSpec; ask?: AskCall[] }
  | { kind: 'outside'; path: string; op: OutsideOp; text: string }
  | { kind: 'watch'; path: string }
  | { kind: 'read'; path: string }
  | { kind: 'save'; path: string; text: string; expected: 'none' | 'fresh' | 'last' }
  | { kind: 'revert'; pick: number; withVersions: boolean }
  | { kind: 'remove'; path: string }
  | { kind: 'move'; path: string; free: number }

type Disk = Map<string, Buffer>
type Store = Awaited<ReturnType<ReturnType<typeof useMemory>['open']>>

// ---- generation: every random choice is made here, so a seed is a list of steps (replayable) ----

const pickOf = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T

function genText(rng: Rng): string {
  const lines: string[] = []
  const count = 1 + Math.floor(rng() * 4)
  for (let i = 0; i < count; i++) lines.push(`- ${pickOf(rng, WORDS)} ${Math.floor(rng() * 10)}`)
  let text = lines.join('\n')
  if (rng() < 0.8) text += '\n'
  if (rng() < 0.15) text = text.replaceAll('\n', '\r\n')
  if (rng() < 0.1) text = BOM + text
  return text
}

function genFragment(rng: Rng): string {
  const r = rng()
  if (r < 0.15) return ''
  if (r < 0.3) return `${pickOf(rng, WORDS)}\n- ${pickOf(rng, WORDS)}`
  return `${pickOf(rng, WORDS)} ${Math.floor(rng() * 10)}`
}

const display = (rel: string) => `/memories/${rel}`
const anyPath = (rng: Rng) => (rng() < 0.85 ? pickOf(rng, FILES) : pickOf(rng, FOLDERS))

function genCommand(rng: Rng): CommandSpec {
  const r = rng()
  if (r < 0.2)
    return {
      command: 'create',
      path: display(pickOf(rng, FILES)),
      fresh: rng() < 0.6 ? rng() : null,
      file_text: genText(rng)
    }
  if (r < 0.45)
    return {
      command: 'str_replace',
      path: display(pickOf(rng, FILES)),
      old: rng() < 0.85 ? rng() : genFragment(rng),
      cut: rng(),
      new_str: genFragment(rng)
    }
  if (r < 0.6)
    return {
      command: 'insert',
      path: display(pickOf(rng, FILES)),
      line: rng(),
      insert_text: genFragment(rng)
    }
  if (r < 0.72) return { command: 'delete', path: display(anyPath(rng)) }
  if (r < 0.84)
    return {
      command: 'rename',
      old_path: display(anyPath(rng)),
      new_path: display(anyPath(rng)),
      there: rng() < 0.7 ? rng() : null,
      free: rng() < 0.7 ? rng() : null
    }
  if (r < 0.9) return { command: 'view', path: display(anyPath(rng)) }
  return { command: 'raw', input: genInvalid(rng) }
}

/** Commands that must be refused: bad shapes, paths outside /memories, impossible arguments. */
function genInvalid(rng: Rng): unknown {
  const file = display(pickOf(rng, FILES))
  return pickOf(rng, [
    { command: 'create', path: file },
    { command: 'create', path: '/etc/passwd', file_text: 'x' },
    { command: 'create', path: '/memories/../escape.md', file_text: 'x' },
    { command: 'str_replace', path: file, old_str: '', new_str: 'x' },
    { command: 'str_replace', path: file, old_str: 'x' },
    { command: 'insert', path: file, insert_line: -1, insert_text: 'x' },
    { command: 'insert', path: file, insert_line: 'two', insert_text: 'x' },
    { command: 'delete', path: '/memories' },
    { command: 'rename', old_path: file, new_path: file },
    { command: 'rename', old_path: file, new_path: '/tmp/out.md' },
    { command: 'shred', path: file },
    'delete everything'
  ])
}

function genStep(rng: Rng): Step {
  const r = rng()
  if (r < 0.45) {
    const spec = genCommand(rng)
    if (rng() < 0.5) return { kind: 'claude', spec }
    const ask: AskCall[] = []
    for (let i = 0; i < 3; i++) {
      const call: AskCall = { go: rng() < 0.7 }
      if (rng() < 0.3)
        call.edit = {
          op: pickOf(rng, ['write', 'append', 'delete', 'same-size'] as const),
          text: genText(rng),
          pick: rng()
        }
      ask.push(call)
    }
    return { kind: 'claude', spec, ask }
  }
  if (r < 0.7)
    return {
      kind: 'outside',
      path: pickOf(rng, FILES),
      op: pickOf(rng, ['write', 'write', 'append', 'delete', 'same-size'] as const),
      text: genText(rng)
    }
  if (r < 0.75) return { kind: 'watch', path: pickOf(rng, FILES) }
  if (r < 0.8) return { kind: 'read', path: pickOf(rng, FILES) }
  if (r < 0.87)
    return {
      kind: 'save',
      path: pickOf(rng, FILES),
      text: genText(rng),
      expected: pickOf(rng, ['none', 'fresh', 'last'] as const)
    }
  if (r < 0.89) return { kind: 'remove', path: anyPath(rng) }
  if (r < 0.91) return { kind: 'move', path: anyPath(rng), free: rng() }
  return { kind: 'revert', pick: rng(), withVersions: rng() < 0.85 }
}

function genSteps(seed: number, count: number): Step[] {
  const rng = prng(seed)
  return Array.from({ length: count }, () => genStep(rng))
}

// ---- helpers ------------------------------------------------------------------------------------

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const relOf = (path: string) => path.replace(/^\/memories\/?/, '')
const within = (rel: string, base: string) => rel === base || rel.startsWith(`${base}/`)

/** LF text without a BOM, as commands edit it (a file mixing LF and CRLF is left as it is). */
function unframed(bytes: Buffer): string {
  let text = bytes.toString('utf8')
  if (text.startsWith(BOM)) text = text.slice(1)
  const breaks = text.split('\n').length - 1
  const crlfs = text.split('\r\n').length - 1
  return breaks > 0 && breaks === crlfs ? text.replaceAll('\r\n', '\n') : text
}

/** Same length, different bytes (the case where size and mtime may not tell a change). */
function sameSize(bytes: Buffer): Buffer {
  const out = Buffer.from(bytes)
  for (let i = 0; i < out.length; i++) {
    const c = out[i] as number
    if (c >= 0x61 && c <= 0x7a) out[i] = ((c - 0x61 + 13) % 26) + 0x61
    else if (c >= 0x30 && c <= 0x39) out[i] = ((c - 0x30 + 5) % 10) + 0x30
  }
  return out
}

function sameDisk(a: Disk, b: Disk): string | null {
  for (const [rel, bytes] of a) {
    const other = b.get(rel)
    if (!other) return `${rel} is gone`
    if (!other.equals(bytes)) return `${rel} changed`
  }
  for (const rel of b.keys()) if (!a.has(rel)) return `${rel} appeared`
  return null
}

const showDisk = (disk: Disk) =>
  JSON.stringify(Object.fromEntries([...disk].map(([rel, bytes]) => [rel, bytes.toString('utf8')])))

function describeStep(step: Step): string {
  const { kind, ...rest } = step
  return `${kind} ${JSON.stringify(rest)}`
}

// ---- the run: the engine against a model of what Cairn has seen -----------------------------------

interface Claim {
  bytes: Buffer
  step: number
  why: string
  checked: boolean
  reported: boolean
}

class Run {
  /** sha256 → bytes Cairn saw or wrote (assertion 1). */
  readonly claims = new Map<string, Claim>()
  /** Files whose current bytes came from outside and no operation of Cairn's has touched yet. */
  readonly dirty = new Set<string>()
  /** Files edited outside since the watcher last fired for them. */
  readonly unwatched = new Set<string>()
  readonly lastRead = new Map<string, string>()
  readonly tally = new Map<string, number>()
  readonly violations: string[] = []
  readonly trace: string[] = []
  step = -1

  constructor(
    private readonly store: Store,
    private readonly root: string,
    private readonly advance: () => void
  ) {}

  count(key: string): void {
    this.tally.set(key, (this.tally.get(key) ?? 0) + 1)
  }

  violation(what: string): void {
    const recent = this.trace.slice(-12).join('\n    ')
    this.violations.push(`step ${this.step}: ${what}\n  recent steps:\n    ${recent}`)
  }

  async disk(): Promise<Disk> {
    const out: Disk = new Map()
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true })
    for (const entry of entries) {
      if (!entry.isFile()) continue
      const rel = join(entry.parentPath, entry.name).slice(this.root.length + 1)
      out.set(rel, await readFile(join(this.root, rel)))
    }
    return out
  }

  claim(bytes: Buffer, why: string): void {
    const hash = sha(bytes)
    if (!this.claims.has(hash))
      this.claims.set(hash, { bytes, step: this.step, why, checked: false, reported: false })
  }

  /** An operation of Cairn's touched these files: what was on disk then is a state it saw. */
  touch(rels: Iterable<string>, disk: Disk, why: string): void {
    for (const rel of rels) {
      const bytes = disk.get(rel)
      if (bytes && this.dirty.has(rel)) this.claim(bytes, `${why} (outside bytes of ${rel})`)
      this.dirty.delete(rel)
    }
  }

  /** Files on disk, or dirty, at or under the named display paths. */
  under(paths: readonly string[], disk: Disk): string[] {
    const bases = paths.map(relOf).filter((rel) => rel !== '')
    const rels = new Set([...disk.keys(), ...this.dirty])
    return [...rels].filter((rel) => bases.some((base) => within(rel, base)))
  }

  /** After Cairn acted: every file it has not yet to take in holds bytes it wrote or knew. */
  settle(disk: Disk, why: string): void {
    for (const [rel, bytes] of disk) if (!this.dirty.has(rel)) this.claim(bytes, why)
  }

  async watch(rel: string): Promise<void> {
    const before = await this.disk()
    this.touch([rel], before, 'watcher')
    this.unwatched.delete(rel)
    await this.store.applyExternal([rel])
    this.settle(await this.disk(), 'watcher')
    this.count('watch')
  }

  /** An edit by another program; false when there was nothing to do (or the way is blocked). */
  async outside(rel: string, op: OutsideOp, text: string): Promise<boolean> {
    if (this.unwatched.has(rel)) await this.watch(rel) // the watcher fired for the edit before
    const file = join(this.root, rel)
    const now = await readFile(file).catch(() => null)
    try {
      if (op === 'delete') {
        if (!now) return false
        await unlink(file)
      } else if (op === 'same-size') {
        if (!now) return false
        const next = sameSize(now)
        if (next.equals(now)) return false
        await writeFile(file, next)
      } else if (op === 'append' && now) {
        await appendFile(file, text)
      } else {
        await mkdir(join(file, '..'), { recursive: true })
        const next = Buffer.from(text)
        await writeFile(file, now?.equals(next) ? Buffer.from(`${text}!`) : next)
      }
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST') return false
      throw error
    }
    this.dirty.add(rel)
    this.unwatched.add(rel)
    return true
  }

  async runStep(step: Step, index: number): Promise<void> {
    this.step = index
    this.trace.push(`#${index} ${describeStep(step)}`)
    this.advance()
    switch (step.kind) {
      case 'outside': {
        const done = await this.outside(step.path, step.op, step.text)
        this.count(`outside ${step.op}: ${done ? 'done' : 'nothing to do'}`)
        return
      }
      case 'watch':
        return this.watch(step.path)
      case 'read':
        return this.read(step.path)
      case 'save':
        return this.save(step)
      case 'revert':
        return this.revert(step)
      case 'claude':
        return this.claude(step)
      case 'remove':
      case 'move':
        return this.inspector(step)
    }
  }

  private async read(rel: string): Promise<void> {
    const before = await this.disk()
    try {
      const file = await this.store.read(display(rel))
      this.touch([rel], before, 'inspector read')
      this.lastRead.set(rel, file.hash)
      const bytes = before.get(rel)
      if (!bytes || file.hash !== sha(bytes) || file.content !== bytes.toString('utf8'))
        this.violation(`read ${rel} did not return what is on disk`)
      this.count('read: ok')
    } catch (error) {
      this.count(`read: ${codeOf(error)}`)
    }
    this.settle(await this.disk(), 'inspector read')
  }

  private async save(step: Extract<Step, { kind: 'save' }>): Promise<void> {
    let expectedHash: string | undefined
    if (step.expected === 'fresh') {
      await this.read(step.path)
      expectedHash = this.lastRead.get(step.path)
    } else if (step.expected === 'last') expectedHash = this.lastRead.get(step.path)
    const before = await this.disk()
    const now = before.get(step.path)
    let outcome: string
    try {
      await this.store.write({
        path: display(step.path),
        content: step.text,
        ...(expectedHash !== undefined ? { expectedHash } : {})
      })
      outcome = 'ok'
    } catch (error) {
      outcome = codeOf(error)
    }
    const stale = expectedHash !== undefined && (!now || sha(now) !== expectedHash)
    this.count(
      `save (${expectedHash === undefined ? 'no hash' : stale ? 'stale hash' : 'hash'}): ${outcome}`
    )
    const after = await this.disk()
    this.touch([step.path], before, 'inspector save')
    if (outcome === 'ok') {
      if (stale) this.violation(`a save with a stale expectedHash overwrote ${step.path}`)
      if (!after.get(step.path)?.equals(Buffer.from(step.text)))
        this.violation(`a save of ${step.path} did not write its text`)
    } else {
      // A stale hash for a file there is a conflict (a folder or a blocked way may be refused).
      if (stale && now && outcome !== 'MEMORY_CONFLICT')
        this.violation(`a stale save of ${step.path} failed with ${outcome}, not MEMORY_CONFLICT`)
      const moved = sameDisk(before, after)
      if (moved) this.violation(`a failed save changed the disk: ${moved}`)
    }
    if (outcome === 'ok' && now && !now.equals(after.get(step.path) ?? Buffer.alloc(0)))
      await this.mustHold(now, `the text a save of ${step.path} replaced`)
    this.settle(after, 'inspector save')
  }

  /** The inspector's delete and rename: what they take away must not be the only copy. */
  private async inspector(step: Extract<Step, { kind: 'remove' | 'move' }>): Promise<void> {
    const before = await this.disk()
    const names = [...FILES, ...FOLDERS]
    const free = names.filter((rel) => this.free(rel, before) && !within(rel, step.path))
    const to = step.kind === 'move' && free.length ? pickOf(() => step.free, free) : step.path
    let outcome: string
    try {
      if (step.kind === 'remove') await this.store.delete(display(step.path))
      else await this.store.rename({ from: display(step.path), to: display(to) })
      outcome = 'ok'
    } catch (error) {
      outcome = codeOf(error)
    }
    this.count(`inspector ${step.kind === 'remove' ? 'delete' : 'rename'}: ${outcome}`)
    const after = await this.disk()
    this.touch(
      this.under([display(step.path), ...(step.kind === 'move' ? [display(to)] : [])], before),
      before,
      `inspector ${step.kind}`
    )
    if (outcome !== 'ok') {
      const moved = sameDisk(before, after)
      if (moved) this.violation(`a failed inspector ${step.kind} changed the disk: ${moved}`)
    }
    for (const [rel, bytes] of before)
      if (!after.has(rel) && ![...after.values()].some((now) => now.equals(bytes)))
        await this.mustHold(bytes, `${rel}, taken away by the inspector's ${step.kind}`)
    this.settle(after, `inspector ${step.kind}`)
  }

  private async revert(step: Extract<Step, { kind: 'revert' }>): Promise<void> {
    const page = await this.store.activity({ limit: 40 })
    const pool = step.withVersions
      ? page.entries.filter((entry) => entry.versions?.length)
      : page.entries
    // Recent entries more often: pick² leans to the front (newest first).
    const entry = pool[Math.floor(step.pick * step.pick * pool.length)] as ActivityEntry | undefined
    if (!entry) {
      this.count('revert: nothing to revert')
      return
    }
    this.trace.push(`    revert of #${entry.seq} ${entry.command} ${entry.paths.join(' ')}`)
    const before = await this.disk()
    let outcome: string
    try {
      outcome = (await this.store.revert(entry.seq)).status
    } catch (error) {
      outcome = codeOf(error)
    }
    this.count(
      `revert ${entry.command}${entry.versions?.length ? '' : ' (no versions)'}: ${outcome}`
    )
    if (outcome === 'INTERNAL' || outcome === 'MEMORY_IO')
      this.violation(`revert of entry ${entry.seq} failed with ${outcome}`)
    const after = await this.disk()
    // Undo catches up the paths its entry's versions name (none: refused before looking).
    const named = (entry.versions ?? []).flatMap((ref) =>
      ref.from ? [ref.path, ref.from] : [ref.path]
    )
    this.touch(this.under(named, before), before, `revert of entry ${entry.seq}`)
    if (outcome !== 'reverted') {
      const moved = sameDisk(before, after)
      if (moved) this.violation(`a revert that answered ${outcome} changed the disk: ${moved}`)
    }
    // 3. Never a lost only copy: what the revert took away or replaced is in history.
    for (const [rel, bytes] of before) {
      const now = after.get(rel)
      if (!now) await this.mustHold(bytes, `${rel}, removed by the revert of entry ${entry.seq}`)
      else if (!now.equals(bytes))
        await this.mustHold(bytes, `${rel} as it was before the revert of entry ${entry.seq}`)
    }
    this.settle(after, `revert of entry ${entry.seq}`)
  }

  private async mustHold(bytes: Buffer, what: string): Promise<void> {
    const text = await this.store.versionText(sha(bytes)).catch(() => null)
    if (text === null || !Buffer.from(text).equals(bytes))
      this.violation(`${what} is not in history: ${JSON.stringify(bytes.toString('utf8'))}`)
  }

  /** The command as Claude sends it; str_replace picks its old_str from the file on disk. */
  private resolve(spec: CommandSpec, disk: Disk): unknown {
    switch (spec.command) {
      case 'raw':
        return spec.input
      case 'create': {
        const free = FILES.filter((rel) => this.free(rel, disk))
        const path =
          spec.fresh === null || !free.length
            ? spec.path
            : display(pickOf(() => spec.fresh as number, free))
        return { command: 'create', path, file_text: spec.file_text }
      }
      case 'rename': {
        const names = [...FILES, ...FOLDERS]
        const there = names.filter((rel) => !this.free(rel, disk))
        const old =
          spec.there === null || !there.length
            ? spec.old_path
            : display(pickOf(() => spec.there as number, there))
        const free = names.filter((rel) => this.free(rel, disk) && !within(rel, relOf(old)))
        const to =
          spec.free === null || !free.length
            ? spec.new_path
            : display(pickOf(() => spec.free as number, free))
        return { command: 'rename', old_path: old, new_path: to }
      }
      case 'str_replace': {
        let old = typeof spec.old === 'string' ? spec.old : 'tea'
        const bytes = disk.get(relOf(spec.path))
        if (typeof spec.old === 'number' && bytes) {
          const lines = unframed(bytes)
            .split('\n')
            .filter((line) => line !== '')
          const line = lines[Math.floor(spec.old * lines.length)]
          if (line)
            old =
              spec.cut < 0.3
                ? line.slice(0, Math.max(1, Math.floor(line.length * spec.cut * 3)))
                : line
        }
        return { command: 'str_replace', path: spec.path, old_str: old, new_str: spec.new_str }
      }
      case 'insert': {
        const bytes = disk.get(relOf(spec.path))
        const lines = bytes ? unframed(bytes).split('\n').length : 1
        return {
          command: 'insert',
          path: spec.path,
          insert_line: Math.floor(spec.line * (lines + 2)),
          insert_text: spec.insert_text
        }
      }
      default:
        return spec
    }
  }

  /** Nothing is at `rel`, nor on its way (a file where its folder should be). */
  private free(rel: string, disk: Disk): boolean {
    return ![...disk.keys()].some((key) => within(key, rel) || within(rel, key))
  }

  /** The valid paths a command names, as the engine catches them up before planning. */
  private named(input: unknown): string[] {
    const record = input as Record<string, unknown> | null
    if (typeof record !== 'object' || record === null) return []
    const name = record.command
    const shapes: Record<string, string[]> = {
      create: ['path', 'file_text'],
      str_replace: ['path', 'old_str', 'new_str'],
      insert: ['path', 'insert_line', 'insert_text'],
      delete: ['path'],
      rename: ['old_path', 'new_path'],
      view: ['path']
    }
    const fields = typeof name === 'string' ? shapes[name] : undefined
    if (!fields || fields.some((field) => record[field] === undefined)) return []
    if (name === 'insert' && !Number.isInteger(record.insert_line)) return []
    const paths = (name === 'rename' ? [record.old_path, record.new_path] : [record.path]).filter(
      (path): path is string => typeof path === 'string'
    )
    return paths.filter((path) => path.startsWith('/memories/') && !path.includes('..'))
  }

  private async claude(step: Extract<Step, { kind: 'claude' }>): Promise<void> {
    const before = await this.disk()
    const input = this.resolve(step.spec, before)
    const named = this.named(input)
    const verb = step.spec.command === 'raw' ? 'invalid' : step.spec.command
    // A view of a folder reads no file; every other command with valid paths catches them up.
    const viewsFolder = verb === 'view' && !before.has(relOf(named[0] ?? ''))
    const touched = viewsFolder ? [] : this.under(named, before)
    this.touch(touched, before, `Claude's ${verb}`)
    if (!step.ask || verb === 'view' || verb === 'invalid') {
      const result = await this.store.execute(input, CLAUDE)
      this.count(`claude ${verb}: ${result.isError ? 'error' : 'ok'}`)
      const after = await this.disk()
      if (result.isError || verb === 'view') {
        const moved = sameDisk(before, after)
        if (moved)
          this.violation(
            `Claude's ${verb} answered ${result.isError ? 'an error' : 'a view'} but changed the disk: ${moved}`
          )
      }
      this.settle(after, `Claude's ${verb}`)
      return
    }
    await this.asked(step.ask, input, verb, named)
  }

  /** 2. Ask-all: the engine plans and asks; only the plan approved last runs, exactly as shown. */
  private async asked(
    script: AskCall[],
    input: unknown,
    verb: string,
    named: string[]
  ): Promise<void> {
    type Call = { plan: PlannedChange; changed: boolean; go: boolean; edited: boolean; disk: Disk }
    const calls: Call[] = []
    const decline: ToolResult = { content: 'The user declined this change.', isError: true }
    const before = await this.disk()
    const result = await this.store.execute(input, CLAUDE, {
      ask: async ({ plan: preview, changed }): Promise<Approval> => {
        // Overtaken after an approval and no longer possible: Claude gets the engine's error.
        if (!preview.ok) return { go: false, result: preview.result }
        const plan = preview.plan
        const call = script[calls.length] ?? { go: calls.length < 6 }
        let edited = false
        if (call.edit) edited = await this.editDuringAsk(plan, call.edit)
        const disk = await this.disk()
        calls.push({ plan, changed, go: call.go, edited, disk })
        // An approved run catches the named paths up again before it checks the precondition.
        if (call.go) this.touch(this.under(named, disk), disk, `Claude's approved ${verb}`)
        return call.go ? { go: true, plan } : { go: false, result: decline }
      }
    })
    const after = await this.disk()
    const last = calls.at(-1)
    const outcome = !last
      ? 'no plan'
      : !last.go
        ? 'declined'
        : result.isError
          ? 'approved, then refused'
          : 'approved and ran'
    this.count(`claude ${verb} (asked): ${outcome}`)
    this.count(`asks per command: ${calls.length}`)
    calls.forEach((call, i) => {
      if (call.changed !== i > 0)
        this.violation(`ask ${i + 1} of Claude's ${verb} said changed=${call.changed}`)
      if (i < calls.length - 1 && call.go && !call.edited)
        this.violation(`an approved plan of Claude's ${verb} was asked again though nothing moved`)
    })
    if (!last) {
      if (!result.isError) this.violation(`Claude's ${verb} ran without being asked`)
      const moved = sameDisk(before, after)
      if (moved)
        this.violation(`Claude's ${verb} that could not be planned changed the disk: ${moved}`)
    } else if (!last.go) {
      if (result !== decline && JSON.stringify(result) !== JSON.stringify(decline))
        this.violation(`a declined ${verb} answered ${JSON.stringify(result)}`)
      const moved = sameDisk(last.disk, after)
      if (moved) this.violation(`a declined ${verb} changed the disk: ${moved}`)
    } else if (last.edited) {
      // The bytes moved after this approval: the run must refuse (and a new plan, if any, be asked).
      if (!result.isError)
        this.violation(
          `Claude's ${verb} ran though its bytes changed after approval: ${result.content}`
        )
      const moved = sameDisk(last.disk, after)
      if (moved)
        this.violation(
          `Claude's ${verb} approved before an outside edit changed the disk: ${moved}`
        )
    } else {
      if (result.isError)
        this.violation(`an approved ${verb} with nothing moved failed: ${result.content}`)
      else {
        this.count('approved plans that ran')
        this.checkPlanRan(last.plan, last.disk, after, verb)
      }
    }
    this.settle(after, `Claude's ${verb}`)
  }

  /** The disk after an approved plan is the disk when it was approved, with exactly that change. */
  private checkPlanRan(plan: PlannedChange, was: Disk, now: Disk, verb: string): void {
    if (plan.command !== verb) this.violation(`a ${verb} was planned as ${plan.command}`)
    const rel = relOf(plan.path)
    const expected = new Map(was)
    if (plan.command === 'delete') {
      for (const key of was.keys()) if (within(key, rel)) expected.delete(key)
    } else if (plan.command === 'rename') {
      const to = relOf(plan.preview.to ?? '')
      for (const [key, bytes] of was) {
        if (!within(key, rel)) continue
        expected.delete(key)
        expected.set(to + key.slice(rel.length), bytes)
      }
    } else {
      const bytes = now.get(rel)
      if (!bytes) {
        this.violation(`an approved ${verb} of ${rel} left no file`)
        return
      }
      if (plan.command !== 'create' && !plan.preview.note && unframed(bytes) !== plan.preview.after)
        this.violation(
          `an approved ${verb} of ${rel} wrote ${JSON.stringify(bytes.toString('utf8'))}, the plan showed ${JSON.stringify(plan.preview.after)}`
        )
      if (plan.command === 'create' && !bytes.equals(Buffer.from(plan.preview.after ?? '')))
        this.violation(`an approved create of ${rel} did not write exactly the planned text`)
      expected.set(rel, bytes)
    }
    const moved = sameDisk(expected, now)
    if (moved)
      this.violation(
        `an approved ${verb} did more or less than its plan: ${moved} (plan ${JSON.stringify(plan)}, disk ${showDisk(now)})`
      )
  }

  /** Another program changes the planned path while the card is open. */
  private async editDuringAsk(plan: PlannedChange, edit: Edit): Promise<boolean> {
    const disk = await this.disk()
    let rel = relOf(plan.path)
    if (plan.command === 'create') return this.outside(rel, 'write', edit.text)
    if (!disk.has(rel)) {
      // A folder: one of the files in (or for) it.
      rel = `${rel}/${edit.pick < 0.5 ? 'x.md' : 'y.md'}`
      if (!FILES.includes(rel as (typeof FILES)[number])) return false
    }
    return this.outside(rel, edit.op, edit.text)
  }

  /** 1. Every claimed byte state is in history (the watcher first fires for what it has not seen). */
  async checkClaims(all: boolean): Promise<void> {
    for (const rel of [...this.unwatched]) await this.watch(rel)
    for (const [hash, claim] of this.claims) {
      if (claim.reported || (claim.checked && !all)) continue
      claim.checked = true
      const text = await this.store.versionText(hash).catch(() => null)
      if (text !== null && Buffer.from(text).equals(claim.bytes)) continue
      claim.reported = true
      this.violation(
        `bytes seen at step ${claim.step} (${claim.why}) are not in history: ${JSON.stringify(claim.bytes.toString('utf8'))}`
      )
    }
  }
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : `threw ${String(error)}`
}

// ---- the test -----------------------------------------------------------------------------------

const mem = useMemory()
const totals = new Map<string, number>()
let totalSteps = 0

afterAll(() => {
  const lines = [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `  ${k}: ${n}`)
  console.log(
    `write-path property: ${totalSteps} steps over ${SEEDS.length} seeds\n${lines.join('\n')}`
  )
})

describe('one write path, as a property', () => {
  it.each(SEEDS)(
    'seed %i: what Cairn saw is in history, asks are obeyed, reverts lose no only copy',
    async (seed) => {
      const clock = manualClock()
      await mem.mkroot()
      const store = await mem.open({
        clock: clock.clock,
        history: { maxBytes: 1 << 30, maxDays: 3650, keepLatest: 10_000 }
      })
      const run = new Run(store, mem.root(), () => clock.advance(700))
      const steps = genSteps(seed, STEPS_PER_SEED)
      for (const [i, step] of steps.entries()) {
        await run.runStep(step, i)
        if ((i + 1) % CHECK_EVERY === 0) await run.checkClaims(false)
      }
      await run.checkClaims(true)
      totalSteps += steps.length
      for (const [key, n] of run.tally) totals.set(key, (totals.get(key) ?? 0) + n)
      expect(run.violations, `seed ${seed}:\n${run.violations.slice(0, 6).join('\n\n')}`).toEqual(
        []
      )
    },
    60_000
  )
})
