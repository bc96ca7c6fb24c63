import { useId } from 'react'
import { FolderOpen, ShieldCheck, Timer } from 'lucide-react'
import type { SecretStatus } from '@shared/contract'
import { CairnMark } from '../../components/icons'
import { MemoryFolderControl } from '../../components/memory-folder-control'
import { useAppInfo } from '../../lib/hooks/use-app-info'
import { ApiKeySection } from '../settings/general/api-key-section'

/**
 * First run (no API key yet): what Cairn is, where its memory lives, and the key form itself, so the
 * first conversation is one paste away. The key form is the one Settings uses (same checks, same
 * keychain path, same session-only offer when there is no keychain).
 */
export function WelcomeCard({ onKeySet }: { onKeySet(status: SecretStatus): void }) {
  const headingId = useId()
  const info = useAppInfo()
  return (
    // Sized by its pane, not the window: beside the lists, a narrow window leaves it little room.
    <div className="@container flex min-h-0 flex-1 justify-center overflow-y-auto px-6 py-8">
      <section aria-labelledby={headingId} className="flex w-full max-w-2xl flex-col gap-5">
        <header className="flex items-center gap-3">
          <span className="brand__mark" aria-hidden>
            <CairnMark />
          </span>
          <div>
            <h2 id={headingId} className="text-2xl font-semibold tracking-tight">
              Welcome to Cairn
            </h2>
            <p className="text-muted">Chat with Claude, with a memory you can read and control.</p>
          </div>
        </header>
        <ul className="grid gap-3 text-sm @2xl:grid-cols-3">
          <li className="rounded-card border border-line bg-surface p-3">
            <FolderOpen size={18} aria-hidden className="mb-1 text-accent" />
            <strong className="block">Memory is a folder</strong>
            Claude keeps notes as plain files. You can open, edit or delete any of them, here or in
            your own editor.
          </li>
          <li className="rounded-card border border-line bg-surface p-3">
            <Timer size={18} aria-hidden className="mb-1 text-accent" />
            <strong className="block">Capped and expiring</strong>
            Size caps and an expiry policy keep it small; expired notes go to an archive you can
            restore from.
          </li>
          <li className="rounded-card border border-line bg-surface p-3">
            <ShieldCheck size={18} aria-hidden className="mb-1 text-accent" />
            <strong className="block">Stays on this computer</strong>
            Only your conversation (with what Claude reads from memory) goes to the Anthropic API.
          </li>
        </ul>
        <ApiKeySection autoFocus onStatus={(status) => status.configured && onKeySet(status)} />
        <div className="flex flex-col gap-2 text-sm">
          <p>
            Your memory folder:{' '}
            <code className="break-all">{info?.memoryFolder ?? 'being located…'}</code>
          </p>
          <MemoryFolderControl />
        </div>
      </section>
    </div>
  )
}
