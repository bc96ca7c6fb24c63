import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isWindows, useTempDir } from '../../__tests__/helpers'
import { createLogger } from '../logger'
import { createRotatingLogFile, LOG_FILE_NAME, readLogTail } from '../rotating-file'

const temp = useTempDir('cairn-log-')

describe('the rotating log file (electron-log)', () => {
  it('writes each JSON line as it is, into main.log, 0600', async () => {
    const file = createRotatingLogFile(temp())
    file.write('info', '{"message":"hello"}')
    expect(file.file).toBe(join(temp(), LOG_FILE_NAME))
    expect(await readFile(file.file, 'utf8')).toBe('{"message":"hello"}\n')
    if (!isWindows) expect((await stat(file.file)).mode & 0o777).toBe(0o600)
  })

  it('rotates to main.old.log past the size limit, keeping two files at most', async () => {
    const file = createRotatingLogFile(temp(), { maxBytes: 2_000 })
    for (let i = 0; i < 300; i++) file.write('info', JSON.stringify({ i, message: 'x'.repeat(40) }))
    expect((await readdir(temp())).sort()).toEqual(['main.log', 'main.old.log'])
    expect((await stat(file.file)).size).toBeLessThan(2_200)
    const tail = await readLogTail(temp(), 3)
    expect(tail.map((line) => JSON.parse(line).i)).toEqual([297, 298, 299])
  })

  it('reads across the rotated file when the current one is short', async () => {
    const file = createRotatingLogFile(temp(), { maxBytes: 500 })
    for (let i = 0; i < 20; i++) file.write('info', JSON.stringify({ i, pad: 'y'.repeat(30) }))
    const tail = await readLogTail(temp(), 15)
    expect(tail.map((line) => JSON.parse(line).i)).toEqual([...Array(15).keys()].map((k) => k + 5))
  })

  it('answers an empty tail when there is no log yet', async () => {
    expect(await readLogTail(join(temp(), 'none'), 10)).toEqual([])
  })

  it('gets lines from the logger already redacted', async () => {
    const file = createRotatingLogFile(temp())
    const logger = createLogger({ transport: file.write })
    logger.redact('sk-ant-secret-value-123')
    logger.info('key set', { key: 'sk-ant-secret-value-123' })
    const text = await readFile(file.file, 'utf8')
    expect(text).toContain('[redacted]')
    expect(text).not.toContain('sk-ant-secret-value-123')
    expect(logger.scrub('a sk-ant-secret-value-123 b')).toBe('a [redacted] b')
  })

  it('a transport that throws never reaches the caller', () => {
    const logger = createLogger({
      transport: () => {
        throw new Error('disk full')
      }
    })
    expect(() => logger.error('x')).not.toThrow()
  })
})
