import type { UpdateChannel } from '@shared/app/updates'

// An updater error as a person reads it: what went wrong and what to do next (the raw one is logged).

export type UpdateStep = 'check' | 'download' | 'install'

export interface UpdateErrorInput {
  message: string
  code: string | null
  status: number | null
}

const NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH'
])
const NO_RELEASE_CODES = new Set([
  'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
  'ERR_UPDATER_LATEST_VERSION_NOT_FOUND',
  'ERR_UPDATER_NO_PUBLISHED_VERSIONS',
  'ERR_UPDATER_RELEASE_NOT_FOUND',
  'ERR_UPDATER_ASSET_NOT_FOUND',
  'ERR_UPDATER_NO_FILES_PROVIDED'
])

const LOG_HINT = 'Settings → Advanced → Copy diagnostics has the details for a bug report.'

export function describeUpdateError(
  error: UpdateErrorInput,
  step: UpdateStep,
  channel: UpdateChannel
): { message: string; nextStep: string } {
  const { code, message } = error
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE' || /code ?signature|not signed/i.test(message))
    return {
      message: "The update is not signed by Cairn's publisher, so it was not installed.",
      nextStep:
        'Keep using this version. Download Cairn again from its official releases page to be sure you have a genuine copy.'
    }
  if (code === 'ERR_CHECKSUM_MISMATCH' || /sha512 checksum mismatch/i.test(message))
    return {
      message: 'The downloaded update did not match its checksum, so it was thrown away.',
      nextStep:
        'Choose Download to try again; if it fails again, download Cairn from its releases page.'
    }
  if ((code && NETWORK_CODES.has(code)) || /net::ERR_|getaddrinfo|socket hang up/i.test(message))
    return {
      message: 'Cairn could not reach the update server.',
      nextStep:
        step === 'download'
          ? 'Check your internet connection, then choose Download to try again.'
          : 'Check your internet connection, then choose Check now (Cairn also tries again in a few hours).'
    }
  if ((code && NO_RELEASE_CODES.has(code)) || error.status === 404)
    return {
      message: `The update server has no ${channel === 'beta' ? 'beta ' : ''}release for this system yet.`,
      nextStep:
        channel === 'beta'
          ? 'Nothing to do: Cairn checks again in a few hours. Choose the Stable channel to follow releases only.'
          : 'Nothing to do: Cairn checks again in a few hours.'
    }
  if (step === 'install')
    return {
      message: 'The update was downloaded but could not be installed.',
      nextStep: `Quit Cairn and start it again; if it still does not update, download Cairn from its releases page. ${LOG_HINT}`
    }
  return step === 'download'
    ? {
        message: 'The update could not be downloaded.',
        nextStep: `Choose Download to try again. ${LOG_HINT}`
      }
    : {
        message: 'Cairn could not check for updates.',
        nextStep: `Choose Check now to try again. ${LOG_HINT}`
      }
}
