import type { SecretStatus } from '@shared/contract'

const SOURCE_TEXT: Record<NonNullable<SecretStatus['source']>, string> = {
  keychain: 'stored in the system keychain',
  environment: 'from the ANTHROPIC_API_KEY environment variable',
  session: 'kept for this session only'
}

/** "Configured — stored in the system keychain · ends in 1234". Built from source and hint only. */
export function describeKeyStatus(status: SecretStatus): string {
  if (!status.configured) return 'Not set — Cairn needs an API key before it can chat.'
  const source = status.source ? SOURCE_TEXT[status.source] : 'source unknown'
  return status.hint ? `Configured — ${source} · ends in ${status.hint}` : `Configured — ${source}`
}

/** The sentence under the status that says what this source means for the person. */
export function keySourceNote(status: SecretStatus): string | null {
  if (status.source === 'environment')
    return 'Cairn cannot clear a key that comes from the environment. To change it, unset ANTHROPIC_API_KEY (or set a new value) and restart Cairn. It takes precedence over a key saved here.'
  if (status.source === 'session')
    return 'This key lives in memory only and is forgotten when Cairn quits.'
  if (!status.keychainAvailable)
    return 'No system keychain answered on this computer, so a key can only be kept for this session.'
  return null
}
