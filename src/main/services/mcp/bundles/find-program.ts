import { access, constants } from 'node:fs/promises'
import { delimiter, isAbsolute, join } from 'node:path'

/**
 * Where a program named without a folder (`node`, `python3`) would be found on this PATH, as a
 * stdio server's spawn finds it; null when nowhere. A preview says so before the user installs.
 */
export async function findProgram(
  command: string,
  path: string | undefined,
  platform: string = process.platform
): Promise<string | null> {
  const windows = platform === 'win32'
  const names =
    windows && !/\.\w+$/.test(command)
      ? ['.exe', '.cmd', '.bat', ''].map((ext) => command + ext)
      : [command]
  const folders = isAbsolute(command) ? [''] : (path ?? '').split(delimiter).filter(Boolean)
  for (const folder of folders)
    for (const name of names) {
      const candidate = folder ? join(folder, name) : name
      const ok = await access(candidate, windows ? constants.F_OK : constants.X_OK).then(
        () => true,
        () => false
      )
      if (ok) return candidate
    }
  return null
}
