import { useState } from 'react'
import { Eraser, ShieldCheck } from 'lucide-react'
import type { SecretFinding, SecretScanResult } from '@shared/memory/secret-scan'
import type { SpaceId } from '@shared/memory/spaces'
import { call } from '../../../lib/api'
import { toShownError, type ShownError } from '../../../lib/errors'
import { plural } from '../../../lib/format'
import { Dialog } from '../../../components/dialog'
import { FindAndForget } from './find-forget'
import { forgetSecrets, forgotWords } from '../history/history-api'
import { useMemorySpace } from '../memory-space'

/**
 * "Scan memory for secrets": the engine reads every file and answers where credentials are (file,
 * line, kind); the secret itself never comes back. Each finding opens its file for editing.
 */
export function SecretsPanel({ onOpen }: { onOpen(path: string): void }) {
  const { result, scanning, error, fixing, fixed, scan, fix } = useSecretScan(useMemorySpace())
  /** The file whose "Remove and forget" waits for the user's yes. */
  const [asking, setAsking] = useState<string | null>(null)
  return (
    <div className="flex h-full min-h-0 flex-col gap-3 overflow-auto p-4">
      <section aria-labelledby="secret-scan" className="flex flex-col gap-2">
        <div className="flex items-center gap-3">
          <h2 id="secret-scan" className="mr-auto font-semibold">
            Secrets in memory
          </h2>
          <button type="button" className="button" disabled={scanning} onClick={() => void scan()}>
            <ShieldCheck size={16} aria-hidden />
            {scanning ? 'Scanning…' : 'Scan memory for secrets'}
          </button>
        </div>
        <p className="text-sm text-muted">
          Looks for API keys, tokens, passwords in URLs, private keys and card numbers in every
          memory file. Only the kind and the line are shown, never the secret.
        </p>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error.message}
            {error.nextStep ? ` ${error.nextStep}` : ''}
          </p>
        ) : null}
        {fixed ? (
          <p role="status" className="text-sm text-success">
            {fixed}
          </p>
        ) : null}
        <p role="status" className="text-sm">
          {result ? scanWords(result) : ''}
        </p>
        {result?.findings.length ? (
          <FindingList
            findings={result.findings}
            fixing={fixing}
            onOpen={onOpen}
            onFix={setAsking}
          />
        ) : null}
        {result?.skipped.length ? <SkippedList skipped={result.skipped} /> : null}
      </section>
      <FindAndForget />
      <Dialog
        open={asking !== null}
        title={`Remove the secrets from ${asking ?? ''}?`}
        confirmLabel="Remove and forget"
        danger
        onClose={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return
          setAsking(null)
          void fix(asking)
        }}
      >
        Each secret in the file becomes “[redacted: kind]” (a normal edit: Undo is in Activity, but
        it cannot bring the secret back). Then every version in history that holds one of them is
        forgotten for good.
      </Dialog>
    </div>
  )
}

/** The scan, run on request, and its fix for one file: secrets redacted, then forgotten. */
function useSecretScan(space: SpaceId) {
  const [result, setResult] = useState<SecretScanResult | null>(null)
  const [scanning, setScanning] = useState(false)
  const [error, setError] = useState<ShownError | null>(null)
  const [fixing, setFixing] = useState<string | null>(null)
  const [fixed, setFixed] = useState('')

  async function scan(): Promise<void> {
    setScanning(true)
    try {
      setResult(await call((api) => api.memory.scanSecrets({ space })))
      setError(null)
    } catch (failure) {
      setError(toShownError(failure))
    } finally {
      setScanning(false)
    }
  }

  /** "Remove and forget": the file's secrets redacted, then forgotten from history. */
  async function fix(path: string): Promise<void> {
    setFixing(path)
    try {
      const done = await forgetSecrets(space, path)
      const removed = `${plural(done.removed, 'secret')} removed from ${path}`
      setFixed(`${removed}. ${forgotWords(done)}`)
      setError(null)
      await scan()
    } catch (failure) {
      setError(toShownError(failure))
    } finally {
      setFixing(null)
    }
  }

  return { result, scanning, error, fixing, fixed, scan, fix }
}

/** How many files were scanned, how many secrets found, and what to do about them. */
function scanWords(result: SecretScanResult): string {
  const found = result.findings.length
  return `${plural(result.scannedFiles, 'file')} scanned: ${
    found
      ? `${plural(found, 'secret')} found${result.truncated ? ' (the first ones are listed)' : ''}. ${found === 1 ? 'Open the file to remove it.' : 'Open each file to remove them.'}`
      : 'no secrets found.'
  }`
}

/** Each secret by file, line and kind (never the secret), with Open and Remove and forget. */
function FindingList({
  findings,
  fixing,
  onOpen,
  onFix
}: {
  findings: readonly SecretFinding[]
  /** The file being fixed: every fix waits for it. */
  fixing: string | null
  onOpen(path: string): void
  onFix(path: string): void
}) {
  return (
    <ul aria-label="Secrets found" className="flex flex-col">
      {findings.map((finding) => (
        <li
          key={`${finding.path}:${finding.line}:${finding.column}`}
          className="flex items-center gap-3 border-b border-line py-1.5 text-sm"
        >
          <span className="min-w-0 flex-1 truncate font-mono text-xs">
            {finding.path}, line {finding.line}
          </span>
          <span className="text-xs text-muted">{finding.kind}</span>
          <button
            type="button"
            className="button"
            aria-label={`Open ${finding.path} (line ${finding.line}: ${finding.kind})`}
            onClick={() => onOpen(finding.path)}
          >
            Open
          </button>
          <button
            type="button"
            className="button button--quiet text-danger"
            disabled={fixing !== null}
            aria-label={`Remove the secrets from ${finding.path} and forget them from history`}
            onClick={() => onFix(finding.path)}
          >
            <Eraser size={14} aria-hidden />
            {fixing === finding.path ? 'Removing…' : 'Remove and forget'}
          </button>
        </li>
      ))}
    </ul>
  )
}

function SkippedList({ skipped }: { skipped: SecretScanResult['skipped'] }) {
  return (
    <>
      <h3 className="mt-2 text-sm font-semibold">Not scanned</h3>
      <ul aria-label="Files not scanned" className="flex flex-col">
        {skipped.map((item) => (
          <li key={item.path} className="border-b border-line py-1.5 text-sm">
            <span className="font-mono text-xs">{item.path}</span>
            <span className="text-xs text-muted">: {item.reason}</span>
          </li>
        ))}
      </ul>
    </>
  )
}
