import type { ModelOption } from '../chat/models'
import { AUTO_MODEL, FALLBACK_MODEL } from '../app/settings'

/*
 * Which model a new chat gets when Settings says "Automatic": the newest Sonnet the API lists
 * (by `created_at`) that is still active. The fixed FALLBACK_MODEL is only for when no list can
 * be had at all.
 */

/** The newest active Sonnet in the list, or null when it holds none. */
export function newestSonnet(models: readonly ModelOption[]): string | null {
  let best: { id: string; time: number } | null = null
  for (const model of models) {
    if (!isSonnet(model) || (model.lifecycle ?? 'active') !== 'active') continue
    const time = Date.parse(model.createdAt ?? '')
    const at = Number.isFinite(time) ? time : 0
    // The API lists newer models first, so on a tie the earlier entry stays.
    if (!best || at > best.time) best = { id: model.id, time: at }
  }
  return best?.id ?? null
}

/** What "Automatic" stands for with this list (the offline fallback when it names no Sonnet). */
export function automaticModel(models: readonly ModelOption[]): string {
  return newestSonnet(models) ?? FALLBACK_MODEL
}

export function isAutomatic(settingsModel: string): boolean {
  return settingsModel === AUTO_MODEL
}

/**
 * The API names the line; "do not infer a line from the id" when it does. Lists cached before
 * Cairn kept the line have none at all (undefined): only then does the ID decide.
 */
function isSonnet(model: ModelOption): boolean {
  if (model.line !== undefined) return model.line === 'sonnet'
  return /^claude-sonnet-/.test(model.id)
}

/** Whether the picker should flag it: deprecated (still callable) or retired (requests fail). */
export function lifecycleFlag(model: ModelOption): 'deprecated' | 'retired' | null {
  return model.lifecycle === 'deprecated' || model.lifecycle === 'retired' ? model.lifecycle : null
}

/** How a picker names a model: its name and ID, and a flag when the API deprecated or retired it. */
export function modelLabel(model: ModelOption, options: { withId?: boolean } = {}): string {
  const withId = options.withId ?? true
  const name =
    model.displayName === model.id || !withId
      ? model.displayName
      : `${model.displayName} (${model.id})`
  const flag = lifecycleFlag(model)
  if (flag === 'retired') return `${name}: retired, requests fail`
  if (flag === 'deprecated')
    return `${name}: deprecated${model.retiresAt ? `, retires ${model.retiresAt.slice(0, 10)}` : ''}`
  return name
}

/**
 * The newest active model of a line (by `created_at`), other than `except`: what a chat on a
 * retired model is offered instead. null when the line is unknown or has no other active model.
 */
export function newestOfLine(
  models: readonly ModelOption[],
  line: string | null | undefined,
  except?: string
): ModelOption | null {
  if (!line) return null
  let best: { model: ModelOption; time: number } | null = null
  for (const model of models) {
    if (model.id === except || model.line !== line || (model.lifecycle ?? 'active') !== 'active')
      continue
    const time = Date.parse(model.createdAt ?? '')
    const at = Number.isFinite(time) ? time : 0
    if (!best || at > best.time) best = { model, time: at }
  }
  return best?.model ?? null
}
