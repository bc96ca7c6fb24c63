import type { UpdateStatus } from '@shared/app/updates'

// The words for each update state, in one place (the banner and Settings say the same thing).

function clock(epoch: number): string {
  return new Date(epoch).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
}

/** One sentence: where updates stand now. */
export function updateStatusLine(status: UpdateStatus): string {
  const { phase } = status
  switch (phase.kind) {
    case 'off':
      return phase.message
    case 'idle':
      return status.mode === 'off'
        ? 'Not checked.'
        : 'Cairn checks a few seconds after it starts, then every few hours.'
    case 'checking':
      return 'Checking for updates…'
    case 'not-available':
      return status.checkedAt === null
        ? 'You have the latest version.'
        : `You have the latest version (checked at ${clock(status.checkedAt)}).`
    case 'available':
      return `Cairn ${phase.version} is available.`
    case 'downloading':
      return `Downloading Cairn ${phase.version}: ${phase.percent}%.`
    case 'ready':
      return phase.waitingForReply
        ? `Cairn will restart to update to ${phase.version} when the reply in progress ends.`
        : `Cairn ${phase.version} is downloaded: it is installed when you restart Cairn.`
    case 'error':
      return `${phase.message} ${phase.nextStep}`
  }
}

/** Check now makes sense unless work is under way or this copy cannot update at all. */
export function canCheck(status: UpdateStatus): boolean {
  const { phase } = status
  if (phase.kind === 'off') return phase.reason === 'setting'
  return phase.kind !== 'checking' && phase.kind !== 'downloading' && phase.kind !== 'ready'
}

/** Bytes as MB with one decimal (downloads are tens of MB). */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
