import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type Anthropic from '@anthropic-ai/sdk'
import { z } from 'zod'
import { ModelIdSchema, ModelOptionSchema, type ModelList, type ModelOption } from '@shared/chat'
import { automaticModel, isAutomatic } from '@shared/model-choice'
import { ensurePrivateDir, writeFileDurably } from '../fs/durable'
import type { Logger } from '../log/logger'
import { classifyFault } from './faults'

/*
 * The model list comes from the API (`models.list`), never from a list in the code. The last
 * good answer is kept in user data for a day and used when offline; with nothing cached, the
 * model from Settings is the one choice.
 */

export const MODELS_CACHE_FILE = 'models-cache.json'
export const MODELS_TTL_MS = 24 * 60 * 60 * 1000
const MAX_MODELS = 500

const CacheSchema = z.object({ fetchedAt: z.string(), models: z.array(ModelOptionSchema) })
type Cache = z.infer<typeof CacheSchema>

export interface ModelCatalog {
  list(options: { refresh?: boolean; configured: string }): Promise<ModelList>
}

export function createModelCatalog(options: {
  dir: string
  client: () => Promise<Anthropic | null>
  logger: Logger
  clock: () => Date
}): ModelCatalog {
  const file = join(options.dir, MODELS_CACHE_FILE)
  let cache: Cache | null | undefined // undefined: not read yet

  async function readCache(): Promise<Cache | null> {
    if (cache !== undefined) return cache
    try {
      const parsed = CacheSchema.safeParse(JSON.parse(await readFile(file, 'utf8')))
      cache = parsed.success
        ? { ...parsed.data, models: parsed.data.models.filter((m) => isModelId(m.id)) }
        : null
    } catch {
      cache = null
    }
    return cache
  }

  async function fetchModels(client: Anthropic): Promise<ModelOption[]> {
    const models: ModelOption[] = []
    for await (const model of client.models.list({ limit: 100 })) {
      // An ID that could not be chosen (chat:set-model checks the same rule) is not offered.
      if (!isModelId(model.id)) continue
      models.push(optionOf(model))
      if (models.length >= MAX_MODELS) break
    }
    return models
  }

  return {
    async list({ refresh = false, configured }) {
      const cached = await readCache()
      const now = options.clock()
      const fresh = cached !== null && now.getTime() - Date.parse(cached.fetchedAt) < MODELS_TTL_MS
      if (cached && fresh && !refresh)
        return withConfigured(
          { models: cached.models, source: 'cache', fetchedAt: cached.fetchedAt, message: null },
          configured
        )
      let reason: string
      const client = await options.client()
      if (!client) reason = 'no API key is set'
      else {
        try {
          const models = await fetchModels(client)
          const next: Cache = { fetchedAt: now.toISOString(), models }
          cache = next
          await ensurePrivateDir(options.dir)
            .then(() => writeFileDurably(file, JSON.stringify(next) + '\n'))
            .catch((error: unknown) => options.logger.warn('model list cache not saved', { error }))
          return withConfigured(
            { models, source: 'api', fetchedAt: next.fetchedAt, message: null },
            configured
          )
        } catch (error) {
          const { fault } = classifyFault(error, 'request')
          options.logger.warn('model list not fetched', { code: fault.code, status: fault.status })
          reason = fault.message.replace(/\.$/, '').toLowerCase()
        }
      }
      if (cached)
        return withConfigured(
          {
            models: cached.models,
            source: 'cache',
            fetchedAt: cached.fetchedAt,
            message: `The model list could not be refreshed (${reason}); showing the list from ${cached.fetchedAt.slice(0, 10)}.`
          },
          configured
        )
      return withConfigured(
        {
          models: [],
          source: 'default',
          fetchedAt: null,
          message: `The model list could not be loaded (${reason}); only the model from Settings is offered.`
        },
        configured
      )
    }
  }
}

function isModelId(id: unknown): boolean {
  return ModelIdSchema.safeParse(id).success && (id as string).trim() === id
}

/** The fields Cairn uses, checked: an answer from an older API may lack the lifecycle ones. */
function optionOf(model: Anthropic.Models.ModelInfo): ModelOption {
  const text = (value: unknown) => (typeof value === 'string' && value.length <= 40 ? value : null)
  const info = model as Partial<Anthropic.Models.ModelInfo>
  const option: ModelOption = { id: model.id, displayName: model.display_name || model.id }
  const createdAt = text(info.created_at)
  if (createdAt) option.createdAt = createdAt
  if ('line' in info) option.line = text(info.line)
  const lifecycle = text(info.lifecycle)
  if (lifecycle) option.lifecycle = lifecycle
  if ('retires_at' in info) option.retiresAt = text(info.retires_at)
  return option
}

/**
 * The configured model is always a choice, even when the API does not list it; with "Automatic"
 * the model it stands for is (the offline fallback when the list names no Sonnet).
 */
function withConfigured(list: ModelList, configured: string): ModelList {
  const automatic = automaticModel(list.models)
  const needed = isAutomatic(configured) ? automatic : configured
  const withAutomatic = { ...list, automatic }
  if (list.models.some((m) => m.id === needed)) return withAutomatic
  return { ...withAutomatic, models: [...list.models, { id: needed, displayName: needed }] }
}
