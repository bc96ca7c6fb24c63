import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MCP_STDERR_TAIL_LINES } from '@shared/mcp/servers'
import { useTempDir } from '../../__tests__/helpers'
import { openStderrLog } from '../stderr-log'

const tempDir = useTempDir('cairn-mcp-log-')
const clock = (): Date => new Date('2026-01-02T03:04:05Z')

describe('openStderrLog', () => {
  it('keeps the last lines, joining lines split across chunks', () => {
    const log = openStderrLog(tempDir(), 'srv', clock)
    log.write('first li')
    log.write('ne\nsecond\r\n\n')
    expect(log.tail()).toEqual(['first line', 'second'])
    for (let i = 0; i < 50; i++) log.write(`line ${i}\n`)
    expect(log.tail()).toHaveLength(MCP_STDERR_TAIL_LINES)
    expect(log.tail().at(-1)).toBe('line 49')
    log.close()
  })

  it('bounds the file: past the cap it moves to .old.log and starts again', async () => {
    const log = openStderrLog(tempDir(), 'srv', clock, 1000)
    for (let i = 0; i < 30; i++) log.write(`${'x'.repeat(90)} ${i}\n`)
    log.note('stopping')
    log.close()
    const current = await stat(join(tempDir(), 'mcp-srv.log'))
    const old = await stat(join(tempDir(), 'mcp-srv.old.log'))
    expect(current.size).toBeLessThanOrEqual(1000)
    expect(old.size).toBeLessThanOrEqual(1000)
    expect(await readFile(log.file, 'utf8')).toContain('[cairn 2026-01-02T03:04:05.000Z] stopping')
  })
})
