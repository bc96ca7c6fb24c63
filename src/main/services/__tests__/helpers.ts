import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect } from 'vitest'
import { CairnError, type ErrorCode } from '@shared/errors'
import { createLogger, type Logger } from '../log/logger'

/** A fresh real folder under the OS temp dir for each test, removed afterwards. */
export function useTempDir(prefix = 'cairn-test-'): () => string {
  let dir: string | undefined
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix))
  })
  afterEach(async () => {
    // Retried: after-hooks run last-registered first, so a rig a test file's harness closes in
    // its own afterEach may still be writing here (ENOTEMPTY under load).
    if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 10 })
    dir = undefined
  })
  return () => {
    if (!dir) throw new Error('useTempDir: only available inside a test')
    return dir
  }
}

/** Permission bits of a file or folder (e.g. 0o600). */
export async function modeOf(path: string): Promise<number> {
  return (await stat(path)).mode & 0o777
}

export const isWindows = process.platform === 'win32'

/** Every regular file under `dir`, recursively, as absolute paths. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

export async function readAllFiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const file of await listFiles(dir)) files.set(file, await readFile(file, 'latin1'))
  return files
}

export function countOccurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1
}

/** A logger that keeps its lines in memory (and optionally writes a file too). */
export function captureLogger(file?: string): { logger: Logger; lines: string[] } {
  const lines: string[] = []
  const logger = createLogger({ ...(file ? { file } : {}), sink: (line) => lines.push(line) })
  return { logger, lines }
}

/** Awaits a promise that must reject with a CairnError of this code, and returns the error. */
export async function expectCairnError(
  promise: Promise<unknown>,
  code: ErrorCode
): Promise<CairnError> {
  const error = await promise.then(
    () => {
      throw new Error(`expected a CairnError ${code}, but the call succeeded`)
    },
    (reason: unknown) => reason
  )
  expect(error).toBeInstanceOf(CairnError)
  const cairnError = error as CairnError
  expect(cairnError.code).toBe(code)
  return cairnError
}
