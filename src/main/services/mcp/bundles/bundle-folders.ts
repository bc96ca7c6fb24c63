import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from '../../log/logger'
import { unpackBundleArchive, type BundleArchive } from './bundle-archive'

/*
 * The folders of installed bundles in `mcp-bundles`: a new one is unpacked into a fresh folder
 * beside the others and renamed into place, so a bundle that fails half way leaves nothing there.
 */

const STAGING = '.unpacking-'
const ASIDE = '.replaced-'

/** A bundle unpacked into place: kept once the servers file is saved, or taken away again. */
export interface PlacedFolder {
  /** The save went through: the folder set aside (or a replaced version's `oldFolder`) goes. */
  keep(oldFolder: string | undefined): Promise<void>
  /** The save failed: the new folder goes, and the one set aside comes back. */
  undo(): Promise<void>
}

export function createBundleFolders(dir: string, logger: Logger) {
  async function removeQuietly(path: string): Promise<void> {
    await rm(path, { recursive: true, force: true }).catch((error: unknown) =>
      logger.warn('an MCP bundle folder could not be removed', { path, error: String(error) })
    )
  }

  async function unpackStaged(archive: BundleArchive): Promise<string> {
    await mkdir(dir, { recursive: true })
    const staging = await mkdtemp(join(dir, STAGING))
    try {
      await unpackBundleArchive(archive, staging)
    } catch (error) {
      await rm(staging, { recursive: true, force: true })
      throw error
    }
    return staging
  }

  return {
    /** Unpacks `archive` as `folder` (a name in `dir`). */
    async place(archive: BundleArchive, folder: string): Promise<PlacedFolder> {
      const staging = await unpackStaged(archive)
      const target = join(dir, folder)
      // The same version again: the folder it had steps aside until the new one is saved.
      const aside = join(dir, `${ASIDE}${randomUUID()}`)
      const hadSame = await rename(target, aside).then(
        () => true,
        () => false
      )
      try {
        await rename(staging, target)
      } catch (error) {
        await removeQuietly(staging)
        if (hadSame) await rename(aside, target).catch(() => undefined)
        throw error
      }
      return {
        keep: async (oldFolder) => {
          if (hadSame) await removeQuietly(aside)
          else if (oldFolder && oldFolder !== folder) await removeQuietly(join(dir, oldFolder))
        },
        undo: async () => {
          await removeQuietly(target)
          if (hadSame) await rename(aside, target).catch(() => undefined)
        }
      }
    },

    /** Deletes an uninstalled bundle's folder. */
    remove: (folder: string) => removeQuietly(join(dir, folder)),

    /** Folders a crash left half made or set aside (a new start has no install running). */
    async sweep(): Promise<void> {
      const names = await readdir(dir).catch(() => [] as string[])
      for (const name of names)
        if (name.startsWith(STAGING) || name.startsWith(ASIDE)) await removeQuietly(join(dir, name))
    }
  }
}
