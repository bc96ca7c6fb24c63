import { CairnError } from '@shared/errors'
import type { Logger } from '../log/logger'

/** The OS file manager (main's shell.openPath): '' once opened, else why it could not. */
export type OpenFolder = (path: string) => Promise<string>

/**
 * Opens `folder` in the OS file manager, or throws OPEN_FOLDER_FAILED saying where it is, so the
 * user can still get there. `name` is what the user calls it ("the memory folder").
 */
export async function openInFileManager(
  open: OpenFolder | undefined,
  folder: string,
  name: string,
  logger: Logger
): Promise<void> {
  let failure: string
  try {
    failure = open ? await open(folder) : 'opening folders is not available here'
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error)
  }
  if (!failure) return
  logger.warn(`file manager did not open ${name}`, { failure })
  throw new CairnError(
    'OPEN_FOLDER_FAILED',
    `Your file manager could not open ${name} (${failure}). It is at ${folder}; open it from there.`
  )
}
