import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type Anthropic from '@anthropic-ai/sdk'
import { z } from 'zod'
import { ModelIdSchema } from '@shared/chat/chat'
import { ModelOptionSchema, type ModelList, type ModelOption } from '@shared/chat/models'
import { automaticModel, isAutomatic } from '@shared/models/model-choice'
import { capsFromApi } from '@shared/models/model-caps'
import { ensurePrivateDir, writeFileDurably } from '../../fs/durable'
import type { Logger } from '../../log/logger'
import { classifyFault } from '../api/faults'

/*
 * The model list comes from the API (`models.list`), never from a list in the code, and so does
 * what each model takes (`capabilities`, `max_tokens`, `max_input_tokens`, lifecycle). The last
 * good answer is kept in user data for a day and used when offline; with nothing cached, the
 * model from Settings is the one choice, described by nothing (the safe fallback).
 */

export const MODELS_CACHE_FILE = 'models-cache.json'
export const MODELS_TTL_MS = 24 * 60 * 60 * 1000
const MAX_MODELS = 500
/** A model asked for by id (`models.retrieve`) and not found is asked again after this long. */
const MISS_TTL_MS = 10 * 60 * 1000

/** 2: models carry `caps` and limits. A version-1 file still serves offline, but is refreshed. */
const CACHE_VERSION = 2
const CacheSchema = z.object({
  version: z.number().optional(),
  fetchedAt: z.string(),
  models: z.array(ModelOptionSchema)
})
type Cache = z.infer<typeof CacheSchema>

export interface ModelCatalog {
  list(options: { refresh?: boolean; configured: string }): Promise<ModelList>
  /**
   * What the API says of one model: from the list (cached), else asked for by id (a snapshot,
   * or a retired model the list leaves out). null when nothing can be learned (offline, no key,
   * an id the API does not know): callers then use the safe fallback.
   */
  describe(model: string): Promise<ModelOption | null>
}

interface CatalogOptions {
  dir: string
  client: () => Promise<Anthropic | null>
  logger: Logger
  clock: () => Date
}

export function createModelCatalog(options: CatalogOptions): ModelCatalog {
  const cacheFile = createCacheFile(options)
  const single = createSingleLookup(options)
  const catalog: ModelCatalog = {
    async list({ refresh = false, configured }) {
      const cached = await cacheFile.read()
      const now = options.clock()
      if (cached && !refresh && isFresh(cached, now))
        return withConfigured(
          { models: cached.models, source: 'cache', fetchedAt: cached.fetchedAt, message: null },
          configured
        )
      const fetched = await fetchAndKeep(options, now, cacheFile, single)
      return withConfigured(
        typeof fetched === 'string' ? fallbackList(cached, fetched) : fetched,
        configured
      )
    },
    async describe(model) {
      const list = await catalog.list({ configured: model })
      const listed = list.models.find((m) => m.id === model && m.caps !== undefined)
      return listed ?? (await single.retrieve(model))
    }
  }
  return catalog
}

/** The last good list, kept in user data (read once, then held in memory). */
function createCacheFile(options: CatalogOptions) {
  const file = join(options.dir, MODELS_CACHE_FILE)
  let cache: Cache | null | undefined // undefined: not read yet
  return {
    async read(): Promise<Cache | null> {
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
    },
    /** Held at once; a file that cannot be written is logged (the list still serves). */
    async keep(next: Cache): Promise<void> {
      cache = next
      await ensurePrivateDir(options.dir)
        .then(() => writeFileDurably(file, JSON.stringify(next) + '\n'))
        .catch((error: unknown) => options.logger.warn('model list cache not saved', { error }))
    }
  }
}
type CacheFile = ReturnType<typeof createCacheFile>

/** Models asked for by id (`models.retrieve`): found ones kept, a miss asked again later. */
function createSingleLookup(options: CatalogOptions) {
  const single = new Map<string, { option: ModelOption | null; at: number }>()
  return {
    clear: () => single.clear(),
    async retrieve(model: string): Promise<ModelOption | null> {
      const known = single.get(model)
      const now = options.clock().getTime()
      if (known && (known.option || now - known.at < MISS_TTL_MS)) return known.option
      const client = await options.client()
      if (!client) return null
      try {
        const info = await client.models.retrieve(model)
        const option = isModelId(info.id) ? optionOf(info) : null
        single.set(model, { option, at: now })
        return option
      } catch (error) {
        const { fault } = classifyFault(error, 'request')
        options.logger.warn('model not described', { code: fault.code, status: fault.status })
        // Only "no such model" is remembered; a network fault is asked again next time.
        if (fault.status === 404) single.set(model, { option: null, at: now })
        return null
      }
    }
  }
}

function isFresh(cached: Cache, now: Date): boolean {
  return (
    cached.version === CACHE_VERSION && now.getTime() - Date.parse(cached.fetchedAt) < MODELS_TTL_MS
  )
}

/** The API's list, kept for next time; or why it could not be had, in words. */
async function fetchAndKeep(
  options: CatalogOptions,
  now: Date,
  cacheFile: CacheFile,
  single: { clear(): void }
): Promise<ModelList | string> {
  const client = await options.client()
  if (!client) return 'no API key is set'
  try {
    const models = await fetchModels(client)
    const next: Cache = { version: CACHE_VERSION, fetchedAt: now.toISOString(), models }
    single.clear()
    await cacheFile.keep(next)
    return { models, source: 'api', fetchedAt: next.fetchedAt, message: null }
  } catch (error) {
    const { fault } = classifyFault(error, 'request')
    options.logger.warn('model list not fetched', { code: fault.code, status: fault.status })
    return fault.message.replace(/\.$/, '').toLowerCase()
  }
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

/** The list when the API could not be asked: the cached one (however old), else none. */
function fallbackList(cached: Cache | null, reason: string): ModelList {
  if (cached)
    return {
      models: cached.models,
      source: 'cache',
      fetchedAt: cached.fetchedAt,
      message: `The model list could not be refreshed (${reason}); showing the list from ${cached.fetchedAt.slice(0, 10)}.`
    }
  return {
    models: [],
    source: 'default',
    fetchedAt: null,
    message: `The model list could not be loaded (${reason}); only the model from Settings is offered.`
  }
}

function isModelId(id: unknown): boolean {
  return ModelIdSchema.safeParse(id).success && (id as string).trim() === id
}

/**
 * The fields Cairn uses, checked: an answer from an older API may lack the lifecycle ones, or
 * capabilities; unknown fields are ignored and odd values read as unknown.
 */
export function optionOf(model: Anthropic.Models.ModelInfo): ModelOption {
  const text = (value: unknown) => (typeof value === 'string' && value.length <= 40 ? value : null)
  const info = model as Partial<Anthropic.Models.ModelInfo>
  const option: ModelOption = { id: model.id, displayName: model.display_name || model.id }
  const createdAt = text(info.created_at)
  if (createdAt) option.createdAt = createdAt
  if ('line' in info) option.line = text(info.line)
  const lifecycle = text(info.lifecycle)
  if (lifecycle) option.lifecycle = lifecycle
  if ('retires_at' in info) option.retiresAt = text(info.retires_at)
  option.caps = capsFromApi(info.capabilities)
  option.maxTokens = count(info.max_tokens)
  option.maxInputTokens = count(info.max_input_tokens)
  return option
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null
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

/**
 * Why this model cannot read one of these attachments (its capabilities say it takes no images,
 * or no PDFs), or null. A model described by nothing is not second-guessed.
 */
export function unreadableAttachment(
  blocks: ReadonlyArray<{ type: string; kind?: string; name?: string }>,
  model: ModelOption | null
): string | null {
  const caps = model?.caps
  if (!caps) return null
  for (const block of blocks) {
    if (block.type !== 'attachment') continue
    const what =
      block.kind === 'image' && !caps.imageInput
        ? 'images'
        : block.kind === 'pdf' && !caps.pdfInput
          ? 'PDFs'
          : null
    if (what)
      return `${model.displayName} does not read ${what}, so “${block.name ?? 'the file'}” cannot go with this message. Remove it, or choose a model that reads ${what} in the chat header.`
  }
  return null
}
