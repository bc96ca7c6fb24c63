import { useState } from 'react'
import type { ExpiryPreviewItem } from '@shared/memory/expiry'
import { Dialog } from '../../../components/dialog'
import { call } from '../../../lib/api'
import { plural } from '../../../lib/format'
import { useMemorySpace } from '../memory-space'

/**
 * "Sweep now": asks main what is due, shows that list and expires only what the user confirmed
 * (a file that became due since waits for the next sweep).
 */
export function SweepNow({ run }: { run(task: () => Promise<string>): Promise<void> }) {
  const space = useMemorySpace()
  const [due, setDue] = useState<ExpiryPreviewItem[] | null>(null)
  const action = due?.[0]?.action ?? 'archive'
  const count = plural(due?.length ?? 0, 'file')
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() =>
          void run(async () => {
            const now = Date.now()
            const items = await call((api) => api.memory.expiryPreview({ space, days: 0 }))
            const ready = items.filter((item) => item.expiresAt <= now)
            if (ready.length === 0) return 'Nothing is due to expire.'
            setDue(ready)
            return ''
          })
        }
      >
        Sweep now
      </button>
      <Dialog
        open={due !== null && due.length > 0}
        title={`Expire ${count} now?`}
        confirmLabel={action === 'delete' ? `Delete ${count}` : `Archive ${count}`}
        danger={action === 'delete'}
        onClose={() => setDue(null)}
        onConfirm={() => {
          const paths = (due ?? []).map((item) => item.path)
          setDue(null)
          void run(async () => {
            const { expired } = await call((api) => api.memory.sweep({ space, paths }))
            return `Swept: ${plural(expired.length, 'file')} expired.`
          })
        }}
      >
        <ul aria-label="Files to expire" className="mb-3 flex max-h-48 flex-col overflow-auto">
          {due?.map((item) => (
            <li key={item.path} className="truncate font-mono text-xs text-fg">
              {item.path}
            </li>
          ))}
        </ul>
        <p className="text-sm">
          {action === 'delete'
            ? 'They will be deleted from the memory folder. The sweep is one entry in Memory → Activity: its Undo brings them all back while history keeps them.'
            : 'They will move to the archive, listed below as one group; restore any of them, or all, from there. The sweep is one entry in Memory → Activity, undone as one.'}
        </p>
      </Dialog>
    </>
  )
}
