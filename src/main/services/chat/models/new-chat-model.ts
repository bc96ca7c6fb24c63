import { FALLBACK_MODEL } from '@shared/app/settings'
import { isAutomatic } from '@shared/models/model-choice'
import type { ModelCatalog } from './models'

/** A new chat waits this long at most for the model list; past it, the fallback model is used. */
export const NEW_CHAT_LIST_WAIT_MS = 3_000

/**
 * The model a new chat starts with: the one pinned in Settings, or with "Automatic" the newest
 * Sonnet in the API's list (the catalog answers from its cache when fresh). Offline, with nothing
 * cached, it is the fixed fallback.
 */
export async function newChatModel(
  settingsModel: string,
  catalog: ModelCatalog,
  waitMs = NEW_CHAT_LIST_WAIT_MS
): Promise<string> {
  if (!isAutomatic(settingsModel)) return settingsModel
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs)
  })
  try {
    const list = await Promise.race([
      catalog.list({ configured: settingsModel }).catch(() => null),
      late
    ])
    return list?.automatic ?? FALLBACK_MODEL
  } finally {
    clearTimeout(timer)
  }
}
