import {
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync
} from 'node:fs'
import { join } from 'node:path'
import { formsOf } from '../fs/find-text'

// Forget (issue 35): a text the user had Cairn forget is masked in a log file they chose. Done
// synchronously: the log is appended synchronously on this same thread, so no line is written
// between the read and the rename (a log file is at most a few MiB).

const LOG_NAME = /^[\w.-]+\.log$/

/** Masks every form of `text` in the log file `name` of `logsDir`; answers whether it held it. */
export function forgetInLog(logsDir: string, name: string, text: string, mask: string): boolean {
  if (!LOG_NAME.test(name)) throw new Error('not a log file name')
  const file = join(logsDir, name)
  if (!lstatSync(file).isFile()) throw new Error('not a log file')
  const before = readFileSync(file, 'utf8')
  let after = before
  for (const form of formsOf(text)) after = after.split(form).join(mask)
  if (after === before) return false
  const temp = join(logsDir, `.${name}.forget.tmp`)
  const fd = openSync(temp, 'w', 0o600)
  try {
    writeSync(fd, after)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temp, file)
  return true
}
