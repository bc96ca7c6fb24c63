import type Anthropic from '@anthropic-ai/sdk'
import type { ModelOption } from '@shared/chat/models'
import { pickTidyModel, tidyModels } from '@shared/tidy/model-pick'
import type { TidyEstimate, TidyStartInput } from '@shared/tidy/tidy'
import { MEMORY_TOOL } from '../chat/tools/memory/memory-provider'
import type { MemoryService } from '../memory'
import type { SpaceId } from '@shared/memory/spaces'
import { batchMaxTokens, batchParams, countBatch, fitProblem } from './batch/request'
import { readFolder } from './overlay'
import { folderText, TIDY_SYSTEM, tidyRequest } from './prompt'
import { clientOrRefuse, noModel } from './refusals'

// Memory → Tidy…'s estimate: what reading the folder once costs, on which model, before a tidy
// (live or batch) starts.

const NOTE =
  'A floor, not a quote: Claude reads files again as it works and writes its changes, so the session costs more than one reading of the folder.'

const BATCH_NOTE =
  'Half the price of a live tidy. Claude’s answer (its changes) costs extra, also at half price.'

export interface EstimateDeps {
  memoryIn(space: SpaceId): MemoryService
  client(): Promise<Anthropic | null>
  models(): Promise<ModelOption[]>
}

/**
 * A batch's one request counted as it would be sent; a live tidy's first request with the whole
 * folder beside it (what reading the folder once costs).
 */
async function countInput(
  client: Anthropic,
  model: string,
  option: ModelOption,
  input: TidyStartInput,
  files: Map<string, Buffer>
): Promise<number> {
  const focus = input.focus ?? ''
  if (input.mode === 'batch')
    return countBatch(
      client,
      batchParams({ model, maxTokens: batchMaxTokens(option), focus, files })
    )
  const counted = await client.messages.countTokens({
    model,
    system: TIDY_SYSTEM,
    tools: [MEMORY_TOOL],
    messages: [{ role: 'user', content: `${tidyRequest(focus)}\n\n${folderText(files)}` }]
  })
  return counted.input_tokens
}

export async function estimateTidy(
  deps: EstimateDeps,
  input: TidyStartInput
): Promise<TidyEstimate & { option: ModelOption }> {
  const client = await clientOrRefuse(deps)
  const files = await readFolder(deps.memoryIn(input.space))
  const options = await deps.models()
  const first = pickTidyModel(tidyModels(options, 0), input.model)
  if (!first) throw noModel(input.model)
  const batch = input.mode === 'batch'
  const option = (id: string) => options.find((o) => o.id === id) as ModelOption
  const inputTokens = await countInput(client, first.id, option(first.id), input, files)
  const models = tidyModels(options, inputTokens)
  // A batch too large for every model still says which and why (the live tidy is the way on).
  const chosen = pickTidyModel(models, input.model) ?? (batch && !input.model ? models[0] : null)
  if (!chosen) throw noModel(input.model)
  const problem = batch ? fitProblem(option(chosen.id), inputTokens) : null
  // The Batches API bills every token at half the price.
  const price = chosen.inputPerMTok === null ? null : chosen.inputPerMTok * (batch ? 0.5 : 1)
  let bytes = 0
  for (const file of files.values()) bytes += file.byteLength
  return {
    model: chosen.id,
    models,
    files: files.size,
    bytes,
    inputTokens,
    inputCost: price === null ? null : (inputTokens * price) / 1e6,
    note: batch ? BATCH_NOTE : NOTE,
    ...(problem ? { fitProblem: problem } : {}),
    option: option(chosen.id)
  }
}
