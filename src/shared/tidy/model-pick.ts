import type { ModelOption } from '../chat/models'
import { modelFacts } from '../models/pricing'
import type { z } from 'zod'
import type { TidyModelSchema } from './tidy'

type TidyModel = z.infer<typeof TidyModelSchema>

/*
 * Which models can tidy, cheapest first. What a model takes comes from the API's capabilities
 * (GET /v1/models), never a table: a tidy is a long run of memory-tool calls whose old results
 * are cleared as it goes, so it needs the API's context management (`clear_tool_uses`). Price is
 * the one table Cairn keeps (the API has none); a model without a price comes after priced ones.
 */

/** Whether the API says this model can run a tidy session. */
export function canTidy(model: ModelOption): boolean {
  const current = model.lifecycle === undefined || model.lifecycle === 'active'
  return current && model.caps?.contextManagement.clearToolUses === true
}

/** Models that can tidy, cheapest input first (newest first at the same price). */
export function tidyModels(models: readonly ModelOption[], inputTokens: number): TidyModel[] {
  return models
    .filter(canTidy)
    .map((model) => ({
      id: model.id,
      name: model.displayName,
      inputPerMTok: modelFacts(model.id)?.rates.input ?? null,
      fits: !model.maxInputTokens || inputTokens < model.maxInputTokens,
      createdAt: model.createdAt ?? ''
    }))
    .sort(
      (a, b) =>
        (a.inputPerMTok ?? Infinity) - (b.inputPerMTok ?? Infinity) ||
        b.createdAt.localeCompare(a.createdAt)
    )
    .map(({ createdAt: _created, ...model }) => model)
}

/** The model to use: the one asked for if it can tidy, else the cheapest whose window fits. */
export function pickTidyModel(models: readonly TidyModel[], asked?: string): TidyModel | null {
  if (asked) return models.find((model) => model.id === asked) ?? null
  return models.find((model) => model.fits) ?? null
}
