import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { delimiter, dirname, resolve } from 'node:path'

export const repoRoot = resolve(import.meta.dirname, '..', '..')

export interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a command to its end, output collected (never on the test's terminal). */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv }
): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', fail)
    child.on('close', (code) => done({ code, stdout, stderr }))
  })
}

/**
 * The environment of a user with no Electron settings: none of the variables that point Electron
 * or its download somewhere, Node 24 (this process's) first on PATH.
 */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_config_electron|npm_package_config_electron|electron_)/i.test(key)) continue
    env[key] = value
  }
  env.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`
  return { ...env, ...extra }
}

/** A port on 127.0.0.1 that nothing listens on: connections to it are refused. */
export function closedPort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Every entry under a folder (relative paths), to show that nothing was written there. */
export function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()
}
