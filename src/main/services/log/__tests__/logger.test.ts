import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CairnError } from '@shared/errors'
import { countOccurrences, isWindows, modeOf, useTempDir } from '../../__tests__/helpers'
import { createLogger } from '../logger'

const tempDir = useTempDir('cairn-logger-')
const NOW = new Date('2026-03-04T05:06:07.089Z')

function setup() {
  const file = join(tempDir(), 'main.log')
  const lines: string[] = []
  const logger = createLogger({ file, sink: (line) => lines.push(line), clock: () => NOW })
  const fileLines = async () => (await readFile(file, 'utf8')).split('\n').filter(Boolean)
  return { file, lines, logger, fileLines }
}

describe('createLogger', () => {
  test('appends one JSON object per line to the file, and hands the same lines to the sink', async () => {
    const { lines, logger, fileLines } = setup()
    logger.debug('one')
    logger.info('two', { count: 2 })
    logger.warn('three', { nested: { ok: true } })
    logger.error('four')

    const written = await fileLines()
    expect(written).toEqual(lines)
    expect(written.map((line) => JSON.parse(line))).toEqual([
      { time: NOW.toISOString(), level: 'debug', message: 'one' },
      { time: NOW.toISOString(), level: 'info', message: 'two', count: 2 },
      { time: NOW.toISOString(), level: 'warn', message: 'three', nested: { ok: true } },
      { time: NOW.toISOString(), level: 'error', message: 'four' }
    ])
  })

  test('a message with a newline still takes exactly one line', async () => {
    const { logger, fileLines } = setup()
    logger.info('first\nsecond', { text: 'a\nb' })
    const written = await fileLines()
    expect(written).toHaveLength(1)
    expect(JSON.parse(written[0] ?? '')).toMatchObject({ message: 'first\nsecond', text: 'a\nb' })
  })

  // Skipped on Windows: it has no POSIX file modes to check (ACLs stand in for them).
  test.skipIf(isWindows)('creates the log file private (0600)', async () => {
    const { file, logger } = setup()
    logger.info('hello')
    expect(await modeOf(file)).toBe(0o600)
  })

  test('a log file that cannot be written never throws; the sink still gets the line', () => {
    const lines: string[] = []
    const logger = createLogger({
      file: join(tempDir(), 'missing-folder', 'main.log'),
      sink: (line) => lines.push(line)
    })
    expect(() => logger.error('still here')).not.toThrow()
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ message: 'still here' })
  })

  test('fields that cannot be serialized never throw; the message is still logged', () => {
    const { lines, logger } = setup()
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(() => logger.warn('cyclic', { cyclic })).not.toThrow()
    expect(() => logger.warn('bigint', { big: 10n })).not.toThrow()
    expect(lines.map((line) => JSON.parse(line) as { message: string })).toMatchObject([
      { message: 'cyclic' },
      { message: 'bigint' }
    ])
  })

  test('errors are logged as name and message only (no stack, no extra properties)', () => {
    const { lines, logger } = setup()
    const error = Object.assign(new TypeError('bad thing'), { code: 'EBAD', path: '/secret/path' })
    logger.error('failed', { error, nested: { cause: new CairnError('INTERNAL', 'inner') } })
    const entry = JSON.parse(lines[0] ?? '') as Record<string, unknown>
    expect(entry.error).toEqual({ name: 'TypeError', message: 'bad thing' })
    expect(entry.nested).toEqual({ cause: { name: 'CairnError', message: '[INTERNAL] inner' } })
    expect(lines[0]).not.toContain('stack')
    expect(lines[0]).not.toContain('/secret/path')
  })
})

describe('redact', () => {
  test('masks a secret in the message and in fields, in the file and the sink', async () => {
    const { lines, logger, fileLines } = setup()
    const secret = 'sk-ant-abcdef123456'
    logger.redact(secret)
    logger.info(`key is ${secret}.`, { key: secret, nested: { list: [`x${secret}y`] } })

    for (const line of [...lines, ...(await fileLines())]) {
      expect(countOccurrences(line, secret)).toBe(0)
      const entry = JSON.parse(line) as Record<string, unknown>
      expect(entry.message).toBe('key is [redacted].')
      expect(entry.key).toBe('[redacted]')
      expect(entry.nested).toEqual({ list: ['x[redacted]y'] })
    }
  })

  test.each([
    ['a double quote', 'sk-ant-ab"cd"ef'],
    ['a backslash', 'sk-ant-ab\\cd\\ef'],
    ['both, next to each other', 'sk-ant-\\"\\"-end'],
    ['a control character', 'sk-ant-tab\there']
  ])('masks a secret containing %s (as JSON escapes it)', async (_label, secret) => {
    const { lines, logger, fileLines } = setup()
    logger.redact(secret)
    logger.info(`key ${secret}`, { key: secret })
    const escaped = JSON.stringify(secret).slice(1, -1)
    const everything = [...lines, ...(await fileLines())].join('\n')
    expect(countOccurrences(everything, secret)).toBe(0)
    expect(countOccurrences(everything, escaped)).toBe(0)
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ message: 'key [redacted]', key: '[redacted]' })
    ])
  })

  test('a secret that contains another secret is masked whole', () => {
    const { lines, logger } = setup()
    logger.redact('sk-ant-short')
    logger.redact('sk-ant-short-and-longer')
    logger.info('sk-ant-short-and-longer / sk-ant-short')
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ message: '[redacted] / [redacted]' })
  })

  test('only lines after redact are masked, and other text is kept as is', () => {
    const { lines, logger } = setup()
    logger.info('before: sk-ant-later')
    logger.redact('sk-ant-later')
    logger.info('after: sk-ant-later, other: sk-ant-other')
    expect(lines.map((line) => (JSON.parse(line) as { message: string }).message)).toEqual([
      'before: sk-ant-later',
      'after: [redacted], other: sk-ant-other'
    ])
  })
})
