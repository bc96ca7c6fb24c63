import { createHash, randomBytes } from 'node:crypto'
import { CapRefusalSchema } from '@shared/memory/caps'
import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  realpath,
  rm,
  writeFile
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { openMemoryStore } from '../../index'
import { MemoryOpRefSchema } from '@shared/memory/memory'

export type Store = Awaited<ReturnType<typeof openMemoryStore>>
export type Actor = Parameters<Store['execute']>[1]
export type Result = Awaited<ReturnType<Store['execute']>>

export const CLAUDE: Actor = { kind: 'claude', conversationId: 'adversarial' }
export const USER: Actor = { kind: 'user' }
export const EXTERNAL: Actor = { kind: 'external' }

/**
 * A temp tree with the memory root and hostile neighbours, all under one real folder:
 * base/secret.txt, base/data/{memories (root), memories_backup/, outside/, secret.txt}, base/state.
 */
export interface Sandbox {
  base: string
  data: string
  root: string
  stateDir: string
  sibling: string
  outside: string
  /** Unique text inside every file outside the root; it must never appear in a result. */
  marker: string
  /** Text that begins every outside file: what a str_replace escape would look for. */
  secretText: string
  /** Absolute host paths that must never appear in a result. */
  hostStrings: string[]
}

export async function makeSandbox(prefix = 'cairn-adv-'): Promise<Sandbox> {
  const base = await realpath(await mkdtemp(join(tmpdir(), prefix)))
  const data = join(base, 'data')
  const root = join(data, 'memories')
  const sibling = join(data, 'memories_backup')
  const outside = join(data, 'outside')
  const stateDir = join(base, 'state')
  const marker = `SECRET-${randomBytes(8).toString('hex')}`
  const secretText = 'top secret'
  const secret = (name: string): string => `${secretText} ${name}\n${marker}\n`
  for (const dir of [root, sibling, join(sibling, 'nested'), outside, join(outside, 'sub')]) {
    await mkdir(dir, { recursive: true, mode: 0o700 })
  }
  await mkdir(stateDir, { recursive: true, mode: 0o700 })
  await writeFile(join(base, 'secret.txt'), secret('parent'))
  await writeFile(join(data, 'secret.txt'), secret('data'))
  await writeFile(join(sibling, 'notes.md'), secret('sibling'))
  await writeFile(join(sibling, 'nested', 'deep.md'), secret('sibling-deep'))
  await writeFile(join(outside, 'secret.txt'), secret('outside'))
  await writeFile(join(outside, 'a.md'), secret('outside-a'))
  await writeFile(join(outside, 'sub', 'x.md'), secret('outside-sub'))
  const hostStrings = [base, data, root, stateDir, process.cwd()]
  return { base, data, root, stateDir, sibling, outside, marker, secretText, hostStrings }
}

export async function removeSandbox(sandbox: Sandbox | undefined): Promise<void> {
  if (sandbox) await rm(sandbox.base, { recursive: true, force: true })
}

export async function openStore(
  sandbox: Sandbox,
  extra: Partial<Parameters<typeof openMemoryStore>[0]> = {}
): Promise<Store> {
  return openMemoryStore({ root: sandbox.root, stateDir: sandbox.stateDir, ...extra })
}

export interface EntrySnapshot {
  type: 'file' | 'dir' | 'symlink' | 'other'
  mode: number
  mtimeMs: number
  size: number
  sha256?: string
  target?: string
}

/**
 * Every entry under `dir` (symlinks are recorded, never followed), keyed by relative path, with
 * bytes (hash), size, mode and mtime; subtrees in `exclude` are left out.
 */
export async function snapshotTree(
  dir: string,
  exclude: string[] = []
): Promise<Map<string, EntrySnapshot>> {
  const out = new Map<string, EntrySnapshot>()
  const walk = async (current: string): Promise<void> => {
    const names = (await readdir(current)).sort()
    for (const name of names) {
      const full = join(current, name)
      if (exclude.includes(full)) continue
      const info = await lstat(full)
      const key = relative(dir, full)
      const common = { mode: info.mode, mtimeMs: info.mtimeMs, size: info.size }
      if (info.isSymbolicLink()) {
        out.set(key, { type: 'symlink', ...common, target: await readlink(full) })
      } else if (info.isDirectory()) {
        out.set(key, { type: 'dir', ...common, size: 0 })
        await walk(full)
      } else if (info.isFile()) {
        const sha256 = createHash('sha256')
          .update(await readFile(full))
          .digest('hex')
        out.set(key, { type: 'file', ...common, sha256 })
      } else {
        out.set(key, { type: 'other', ...common })
      }
    }
  }
  await walk(dir)
  return out
}

/** Human-readable differences between two snapshots (empty when equal). */
export function diffSnapshots(
  before: Map<string, EntrySnapshot>,
  after: Map<string, EntrySnapshot>
): string[] {
  const problems: string[] = []
  for (const [key, entry] of after) {
    const old = before.get(key)
    if (!old) problems.push(`appeared: ${key} (${entry.type})`)
    else if (JSON.stringify(old) !== JSON.stringify(entry)) {
      problems.push(`changed: ${key} ${JSON.stringify(old)} -> ${JSON.stringify(entry)}`)
    }
  }
  for (const key of before.keys()) if (!after.has(key)) problems.push(`disappeared: ${key}`)
  return problems
}

/** Everything outside the memory root and the state folder: the parts nothing may touch. */
export function snapshotOutside(sandbox: Sandbox): Promise<Map<string, EntrySnapshot>> {
  return snapshotTree(sandbox.base, [sandbox.root, sandbox.stateDir])
}

const ERRNO =
  /\b(ENOENT|EACCES|EPERM|EEXIST|EISDIR|ENOTDIR|ENOTEMPTY|EINVAL|ENAMETOOLONG|ELOOP|EBUSY|EMFILE|ENFILE|EXDEV|EROFS|ENOSPC|EBADF|EIO|EILSEQ|ESPIPE|ECONNRESET|ERR_[A-Z_]+)\b/

function stringsIn(value: unknown, depth = 0, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (value && typeof value === 'object' && depth < 4) {
    let items: unknown[] = []
    try {
      items = Object.values(value as Record<string, unknown>)
    } catch {
      // Hostile inputs (throwing getters, proxies) have nothing a message could echo.
    }
    for (const item of items) stringsIn(item, depth + 1, out)
  }
  return out
}

/**
 * Everything wrong with one result, as text (empty when it is fine): not well formed, an
 * absolute host path or a raw errno string (after removing what the caller sent, which a message
 * may legitimately echo), or the outside secret.
 */
/** What a tool result may carry: the text, the error flag, the activity ref, a cap refusal. */
const RESULT_KEYS = new Set(['content', 'isError', 'activity', 'cap'])

export function resultProblems(result: unknown, input: unknown, sandbox: Sandbox): string[] {
  const problems: string[] = []
  if (
    !result ||
    typeof result !== 'object' ||
    typeof (result as Result).content !== 'string' ||
    typeof (result as Result).isError !== 'boolean'
  ) {
    return [`malformed result ${show(result)}`]
  }
  const keys = Object.keys(result).sort()
  if (!keys.every((key) => RESULT_KEYS.has(key))) {
    problems.push(`unexpected result keys ${keys.join(',')}`)
  }
  // A cap refusal says which cap, its limit and what it met: numbers only, never a path.
  const cap = (result as { cap?: unknown }).cap
  if (cap !== undefined && !CapRefusalSchema.strict().safeParse(cap).success)
    problems.push(`malformed cap ${show(cap)}`)
  // A change names its activity entry (for the chat's diff and Undo): well-formed, and with no
  // host path in it either (it is checked with the content below).
  const activity = (result as { activity?: unknown }).activity
  if (activity !== undefined && !MemoryOpRefSchema.safeParse(activity).success)
    problems.push(`malformed activity ${show(activity)}`)
  let content =
    (result as Result).content + (activity === undefined ? '' : JSON.stringify(activity))
  if (content.includes(sandbox.marker)) problems.push('outside secret appeared in the result')
  // A message may echo what was sent: remove only sent strings that themselves hold a host path
  // or an errno-like word (longest first), so short inputs cannot mask a leak.
  const sent = stringsIn(input)
    .filter((text) => sandbox.hostStrings.some((host) => text.includes(host)) || ERRNO.test(text))
    .sort((a, b) => b.length - a.length)
  for (const text of sent) content = content.split(text).join('\u0000')
  for (const host of sandbox.hostStrings) {
    if (content.includes(host)) problems.push(`host path ${host} in the result`)
  }
  const errno = ERRNO.exec(content)
  if (errno) problems.push(`raw errno ${errno[0]} in the result`)
  return problems
}

export function show(value: unknown, max = 160): string {
  let text: string | undefined
  try {
    text = JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item === 'string' && item.length > 80)
        return `${item.slice(0, 80)}…(${item.length})`
      if (typeof item === 'bigint') return `${item}n`
      if (typeof item === 'symbol' || typeof item === 'function') return `[${typeof item}]`
      return item
    })
  } catch {
    text = undefined
  }
  if (text === undefined) {
    try {
      text = typeof value === 'symbol' ? value.toString() : String(value)
    } catch {
      text = Object.prototype.toString.call(value)
    }
  }
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** Keeps the first few failures readable instead of thousands of expect() calls. */
export class Violations {
  readonly items: string[] = []
  count = 0
  add(message: string): void {
    this.count += 1
    if (this.items.length < 40) this.items.push(message)
  }
  summary(): string[] {
    return this.count > this.items.length
      ? [...this.items, `… and ${this.count - this.items.length} more`]
      : this.items
  }
}
