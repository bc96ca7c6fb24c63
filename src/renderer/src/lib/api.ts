import type { CairnApi } from '@shared/bridge'
import { CairnError } from '@shared/errors'

declare global {
  interface Window {
    cairn?: CairnApi
  }
}

/** The typed bridge to main. Missing only if the page was opened outside Cairn. */
export function getApi(): CairnApi {
  const api = window.cairn
  if (!api)
    throw new CairnError(
      'INTERNAL',
      'This page must be opened inside Cairn: the bridge to the app is missing.'
    )
  return api
}

/** Turns whatever a bridge call threw back into a CairnError (contextBridge keeps only the message). */
export async function call<T>(run: (api: CairnApi) => Promise<T>): Promise<T> {
  try {
    return await run(getApi())
  } catch (error) {
    throw CairnError.from(error)
  }
}
