import { z } from 'zod'
import { MemoryPathSchema, UserSecretsChoiceSchema } from './memory'
import { MemorySearchInputSchema, MemorySearchResultSchema } from './search'
import { SpaceIdSchema } from './spaces'

// What works across memory spaces (issue 38): a note copied or moved to another space, and one
// search over every space with the space named on each hit.

/** Hits listed per space in a search of every space (each space's own search pages the rest). */
export const SEARCH_ALL_PER_SPACE = 20

export const CopyToSpaceInputSchema = z.strictObject({
  /** The space the note is in. */
  space: SpaceIdSchema,
  path: MemoryPathSchema,
  /** The space it goes to (same path there). */
  to: SpaceIdSchema,
  /** Move: the original is deleted once the copy is written (and only if it did not change). */
  move: z.boolean({ error: 'move must be true or false' }),
  /** What to do with credentials in it, as for the user's own saves. */
  secrets: UserSecretsChoiceSchema.optional()
})
export type CopyToSpaceInput = z.infer<typeof CopyToSpaceInputSchema>

export const CopyToSpaceResultSchema = z.object({
  space: SpaceIdSchema,
  path: z.string(),
  /** False for a move whose original changed meanwhile: both are kept, `note` says why. */
  moved: z.boolean(),
  note: z.string().nullable()
})
export type CopyToSpaceResult = z.infer<typeof CopyToSpaceResultSchema>

export const SearchAllInputSchema = MemorySearchInputSchema.pick({ query: true })
export const SearchAllResultSchema = z.object({
  spaces: z.array(
    z.object({
      space: SpaceIdSchema,
      name: z.string(),
      result: MemorySearchResultSchema.nullable(),
      /** Why this space could not be searched (its folder is missing, say); null when searched. */
      failed: z.string().nullable()
    })
  )
})
export type SearchAllResult = z.infer<typeof SearchAllResultSchema>
