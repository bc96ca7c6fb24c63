import type { ReactNode } from 'react'
import { DEFAULT_SPACE_ID } from '@shared/memory/spaces'
import { MemoryFolderControl } from '../../../components/memory-folder-control'
import { useMemorySpace } from '../memory-space'
import { NewFileButton } from '../new-file'
import { TidyButton } from '../tidy/tidy-button'
import { useMemoryData } from '../use-memory-data'

/** The title row: the space switcher, the space's folder, and what can be done to the whole of it. */
export function InspectorHeader({
  switcher,
  folder,
  onCreated
}: {
  switcher: ReactNode
  folder: string | undefined
  onCreated(path: string): void
}) {
  const { entries } = useMemoryData()
  const isDefault = useMemorySpace() === DEFAULT_SPACE_ID
  return (
    <header className="flex shrink-0 items-center gap-3 border-b border-line px-5 py-3">
      <h1 className="text-xl font-semibold tracking-tight">Memory</h1>
      {switcher}
      <p className="mr-auto truncate text-sm text-muted" title={folder}>
        {folder ?? ''}
      </p>
      <TidyButton />
      <NewFileButton entries={entries} onCreated={onCreated} />
      {/* The app opens only the main memory folder; a project's path is shown beside. */}
      {isDefault ? <MemoryFolderControl /> : null}
    </header>
  )
}
