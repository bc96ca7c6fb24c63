import type { AppInfo } from '@shared/contract'
import { EmptyState } from '../../components/empty-state'
import { MemoryIcon } from '../../components/icons'
import { MemoryFolderControl } from '../../components/memory-folder-control'

/** The memory inspector arrives with its own issue; the folder itself is already real. */
export function MemoryView({ info }: { info: AppInfo | null }) {
  return (
    <div className="view view--memory">
      <header className="view__header">
        <h1>Memory</h1>
      </header>
      <EmptyState
        icon={<MemoryIcon />}
        title="The memory browser is not here yet"
        actions={<MemoryFolderControl />}
      >
        <p>
          Claude&apos;s memory is a folder of plain files you can read, edit and back up yourself.
          Browsing, editing and expiring them from inside Cairn comes in a later version.
        </p>
        {info ? (
          <p>
            The folder is <code>{info.memoryFolder}</code>.
          </p>
        ) : null}
      </EmptyState>
    </div>
  )
}
