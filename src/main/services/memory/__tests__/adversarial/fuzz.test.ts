import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CLAUDE,
  diffSnapshots,
  EXTERNAL,
  makeSandbox,
  openStore,
  removeSandbox,
  resultProblems,
  show,
  snapshotOutside,
  USER,
  Violations,
  type Actor,
  type Sandbox,
  type Store
} from './helpers'

const COMMANDS = 5_000
const SEED = Number(process.env.CAIRN_FUZZ_SEED ?? 20_250_818)

/** mulberry32 */
function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ODD_UNICODE = [
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  '\udc00\ud800', // reversed pair
  '\u{1f600}',
  '\u{1f469}\u200d\u{1f4bb}', // ZWJ sequence
  '\u{1f1eb}\u{1f1f7}', // flag
  '\u202e', // right-to-left override
  '\u202d',
  '\u2066\u2069',
  '\u05d0\u05d1\u05d2', // Hebrew
  '\u0627\u0644\u0639', // Arabic
  '\u200b', // zero width space
  '\u200c\u200d',
  '\ufeff',
  '\u00ad', // soft hyphen
  'e\u0301', // combining acute
  '\u0301\u0301\u0301',
  '\uff0e\uff0e\uff0f', // full-width ../
  '\u2025', // two dot leader
  '\ufb01', // ligature fi (NFKC "fi")
  '\u2122', // trade mark (NFKC "TM")
  '\u2460', // circled one
  '\u00b9', // superscript one
  '\u3000', // ideographic space
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\u0085',
  '\u2028', // line separator
  '\u2029',
  '\r\n',
  '\ufffd',
  '\uffff',
  '\u{10ffff}',
  'Ω',
  '\u00c0\u00ae', // what overlong C0 AE looks like decoded as Latin-1
  '%2e%2e%2f',
  '%c0%ae',
  '$&',
  '$$',
  '$1',
  '${x}',
  '\\',
  '..',
  '/',
  'undefined',
  'null',
  'NaN'
]

const POLLUTION_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty'
]
const FIELDS = [
  'command',
  'path',
  'file_text',
  'old_str',
  'new_str',
  'insert_line',
  'insert_text',
  'old_path',
  'new_path',
  'view_range'
]
const VALID_COMMANDS = ['view', 'create', 'str_replace', 'insert', 'delete', 'rename']
const BAD_COMMANDS = [
  'VIEW',
  'View',
  'view ',
  ' view',
  'unknown',
  '',
  'str-replace',
  'strReplace',
  'undo_edit',
  'memory',
  '__proto__',
  'constructor',
  'toString'
]

class Gen {
  hugeCount = 0
  constructor(private readonly random: () => number) {}

  int(n: number): number {
    return Math.floor(this.random() * n)
  }

  chance(p: number): boolean {
    return this.random() < p
  }

  one<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T
  }

  ascii(max = 40): string {
    let out = ''
    const length = this.int(max)
    for (let i = 0; i < length; i++) out += String.fromCharCode(32 + this.int(95))
    return out
  }

  odd(max = 8): string {
    let out = ''
    const parts = 1 + this.int(max)
    for (let i = 0; i < parts; i++) out += this.chance(0.5) ? this.one(ODD_UNICODE) : this.ascii(6)
    return out
  }

  /** Up to a few MB, built from a random chunk so it stays cheap. */
  huge(): string {
    this.hugeCount += 1
    const chunk = this.chance(0.5) ? this.odd(20) : `${this.ascii(60)}\n`
    const size = 256 * 1024 + this.int(3 * 1024 * 1024)
    return chunk.repeat(Math.ceil(size / Math.max(chunk.length, 1))).slice(0, size)
  }

  text(): string {
    const roll = this.random()
    if (roll < 0.004) return this.huge()
    if (roll < 0.35) return this.ascii(80)
    if (roll < 0.65) return this.odd()
    if (roll < 0.8) return Array.from({ length: 1 + this.int(8) }, () => this.ascii(30)).join('\n')
    if (roll < 0.9) return ''
    return `${this.ascii(10)}\n${this.odd(3)}\n${this.ascii(10)}`
  }

  name(): string {
    const roll = this.random()
    if (roll < 0.6)
      return `${this.one(['notes', 'todo', 'a', 'b', 'people', 'proj'])}${this.int(6)}.md`
    if (roll < 0.85) return `${this.odd(3)}.md`
    return this.ascii(20)
  }

  path(): string {
    const roll = this.random()
    if (roll < 0.55) return `/memories/${this.name()}`
    if (roll < 0.7) return `/memories/${this.name()}/${this.name()}`
    if (roll < 0.75) return '/memories'
    if (roll < 0.8) return this.huge().slice(0, 1 + this.int(200_000))
    if (roll < 0.9) return `/memories/${this.odd()}`
    return this.text()
  }

  number(): number {
    return this.one([
      0,
      -0,
      1,
      -1,
      2,
      this.int(50),
      this.int(10_000_000),
      -this.int(1000),
      0.5,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 2,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.EPSILON
    ])
  }

  value(depth = 0): unknown {
    const roll = this.int(depth > 2 ? 6 : 10)
    switch (roll) {
      case 0:
        return this.text()
      case 1:
        return this.number()
      case 2:
        return this.chance(0.5)
      case 3:
        return null
      case 4:
        return undefined
      case 5:
        return this.path()
      case 6:
        return Array.from({ length: this.int(5) }, () => this.value(depth + 1))
      case 7:
        return this.object(depth + 1)
      case 8:
        return this.polluted()
      default:
        return [this.number(), this.number()]
    }
  }

  object(depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    const keys = this.int(5)
    for (let i = 0; i < keys; i++) {
      const key = this.chance(0.3)
        ? this.one(FIELDS)
        : this.chance(0.5)
          ? this.ascii(8)
          : this.odd(2)
      out[key] = this.value(depth)
    }
    return out
  }

  /** Own `__proto__` / `constructor.prototype` keys, exactly as JSON.parse makes them. */
  polluted(): Record<string, unknown> {
    const key = this.one(POLLUTION_KEYS)
    const payloads = [
      `{"${key}": {"polluted": "yes", "isError": false, "content": "pwned"}}`,
      '{"constructor": {"prototype": {"polluted": "yes"}}}',
      '{"__proto__": {"__proto__": {"polluted": "yes"}}}',
      `{"command": "view", "path": "/memories", "__proto__": {"polluted": "yes", "command": "delete"}}`,
      `{"__proto__": {"toString": "not a function", "valueOf": 7}}`
    ]
    return JSON.parse(this.one(payloads)) as Record<string, unknown>
  }

  /** A mostly-valid command with some fields wrong, missing or extra. */
  command(): unknown {
    const roll = this.random()
    if (roll < 0.12) return this.value(2) // not even an object
    if (roll < 0.17) return this.polluted()
    const command = this.chance(0.85)
      ? this.one(VALID_COMMANDS)
      : this.chance(0.6)
        ? this.one(BAD_COMMANDS)
        : this.value(2)
    const input: Record<string, unknown> = this.chance(0.05)
      ? (JSON.parse(`{"__proto__": {"path": "/memories/proto.md", "polluted": "yes"}}`) as Record<
          string,
          unknown
        >)
      : {}
    input.command = command
    const wellTyped = this.chance(0.6)
    const field = (name: string, good: () => unknown): void => {
      if (this.chance(0.08)) return // missing
      input[name] = wellTyped || this.chance(0.6) ? good() : this.value(1)
    }
    switch (command) {
      case 'view':
        field('path', () => this.path())
        if (this.chance(0.3)) {
          field('view_range', () =>
            this.chance(0.7)
              ? [this.int(20) - 2, this.chance(0.3) ? -1 : this.int(40)]
              : this.value(1)
          )
        }
        break
      case 'create':
        field('path', () => this.path())
        field('file_text', () => this.text())
        break
      case 'str_replace':
        field('path', () => this.path())
        field('old_str', () =>
          this.chance(0.3) ? this.one(['a', 'notes', '\n', ' ']) : this.text()
        )
        field('new_str', () => this.text())
        break
      case 'insert':
        field('path', () => this.path())
        field('insert_line', () => (this.chance(0.8) ? this.int(12) : this.number()))
        field('insert_text', () => this.text())
        break
      case 'delete':
        field('path', () => this.path())
        break
      case 'rename':
        field('old_path', () => this.path())
        field('new_path', () => this.path())
        break
      default:
        for (const name of FIELDS.slice(1)) if (this.chance(0.3)) input[name] = this.value(1)
    }
    if (this.chance(0.15)) {
      for (let i = 0, n = 1 + this.int(4); i < n; i++) {
        input[this.chance(0.5) ? this.ascii(10) : this.one(POLLUTION_KEYS)] = this.value(1)
      }
    }
    return input
  }
}

function prototypeState(): string {
  const describeProto = (proto: object): string =>
    Object.getOwnPropertyNames(proto)
      .sort()
      .map((name) => {
        const descriptor = Object.getOwnPropertyDescriptor(proto, name)
        const value = descriptor?.value as unknown
        return `${name}:${typeof value}:${String(descriptor?.writable)}`
      })
      .join(',')
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype]
    .map(describeProto)
    .join('|')
}

describe('fuzzed command objects', () => {
  let sandbox: Sandbox
  let store: Store
  const actors: Actor[] = [
    CLAUDE,
    { kind: 'claude', conversationId: 'other-conversation' },
    USER,
    EXTERNAL
  ]

  beforeAll(async () => {
    sandbox = await makeSandbox('cairn-fuzz-')
    await writeFile(join(sandbox.root, 'notes1.md'), 'alpha\nbeta\nnotes\n')
    store = await openStore(sandbox)
  })

  afterAll(async () => {
    await store?.dispose()
    await removeSandbox(sandbox)
  })

  it(`${COMMANDS} random command objects: never a throw, always a well-formed, clean result`, async () => {
    const gen = new Gen(prng(SEED))
    const protoBefore = prototypeState()
    const outsideBefore = await snapshotOutside(sandbox)
    const violations = new Violations()
    const counts = { ok: 0, error: 0, nonObject: 0 }
    for (let i = 0; i < COMMANDS; i++) {
      const input = gen.command()
      const actor = gen.one(actors)
      if (!input || typeof input !== 'object' || Array.isArray(input)) counts.nonObject += 1
      let result: unknown
      try {
        result = await store.execute(input, actor)
      } catch (error) {
        violations.add(`#${i} threw ${String(error)} for ${show(input)}`)
        continue
      }
      for (const problem of resultProblems(result, input, sandbox)) {
        violations.add(`#${i} ${problem}: ${show(input)} -> ${show(result)}`)
      }
      if ((result as { isError?: unknown }).isError === true) counts.error += 1
      else counts.ok += 1
      if (({} as Record<string, unknown>).polluted !== undefined) {
        violations.add(`#${i} polluted Object.prototype with ${show(input)}`)
        delete (Object.prototype as Record<string, unknown>).polluted
      }
    }
    expect(violations.summary()).toEqual([])
    expect(prototypeState()).toBe(protoBefore)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(diffSnapshots(outsideBefore, await snapshotOutside(sandbox))).toEqual([])
    // The corpus reached both the refusals and the real work, huge inputs and non-objects included.
    expect(counts.ok).toBeGreaterThan(300)
    expect(counts.error).toBeGreaterThan(1_000)
    expect(gen.hugeCount).toBeGreaterThan(5)
    expect(counts.nonObject).toBeGreaterThan(200)
    // And the store still works afterwards.
    const created = await store.execute(
      { command: 'create', path: '/memories/after-fuzz.md', file_text: 'still fine\n' },
      CLAUDE
    )
    expect(created.isError).toBe(false)
    const viewed = await store.execute({ command: 'view', path: '/memories/after-fuzz.md' }, CLAUDE)
    expect(viewed.content).toContain('still fine')
  }, 120_000)

  it('values JSON cannot carry (BigInt, symbols, functions, cycles, throwing getters, proxies) are refused, not thrown', async () => {
    const cycle: Record<string, unknown> = { command: 'view' }
    cycle.path = cycle
    const throwingGetter = {
      command: 'view',
      get path(): string {
        throw new Error('getter exploded')
      }
    }
    const throwingProxy = new Proxy(
      {},
      {
        get() {
          throw new Error('proxy get exploded')
        },
        ownKeys() {
          throw new Error('proxy ownKeys exploded')
        },
        getPrototypeOf() {
          throw new Error('proxy getPrototypeOf exploded')
        }
      }
    )
    const badToString = {
      command: 'create',
      path: { toString: () => '/memories/x.md' },
      file_text: {
        toString(): string {
          throw new Error('toString exploded')
        }
      }
    }
    const inputs: unknown[] = [
      { command: 'view', path: 10n },
      { command: 'create', path: '/memories/big.md', file_text: 10n },
      { command: Symbol('view'), path: '/memories' },
      { command: 'view', path: Symbol('/memories') },
      { command: 'view', path: () => '/memories' },
      () => ({ command: 'view', path: '/memories' }),
      Symbol('input'),
      10n,
      cycle,
      { command: 'create', path: '/memories/cycle.md', file_text: 'x', extra: cycle },
      throwingGetter,
      throwingProxy,
      { command: 'view', path: throwingProxy },
      badToString,
      new Map([['command', 'view']]),
      new Date(),
      Buffer.from('{"command":"view","path":"/memories"}'),
      new Uint8Array(4),
      Object.create(null) as unknown,
      Object.assign(Object.create(null) as object, {
        command: 'view',
        path: '/memories/nothing.md'
      }),
      new (class Command {
        command = 'delete'
        path = '/memories/notes1.md'
      })()
    ]
    const violations = new Violations()
    for (const input of inputs) {
      let result: unknown
      try {
        result = await store.execute(input, CLAUDE)
      } catch (error) {
        violations.add(`threw ${String(error)} for ${show(input)}`)
        continue
      }
      for (const problem of resultProblems(result, input, sandbox)) {
        violations.add(`${problem}: ${show(input)} -> ${show(result)}`)
      }
    }
    expect(violations.summary()).toEqual([])
    // Values of the wrong type were not coerced into files (an extra, cyclic field is just ignored).
    const listing = await store.execute({ command: 'view', path: '/memories' }, CLAUDE)
    expect(listing.content).not.toMatch(/big\.md|\/x\.md/)
  })
})
