import { z } from 'zod'

// Memory → search: the query, and the files that matched with where.

/** Memory → search: names and contents, case-insensitive, the query taken literally. */
export const MemorySearchInputSchema = z.strictObject({
  query: z
    .string()
    .min(1, 'is empty')
    .max(200, 'is too long to search for (at most 200 characters)')
})
export type MemorySearchInput = z.infer<typeof MemorySearchInputSchema>

/** [start, end) in UTF-16 units of the text it belongs to. */
const RangeSchema = z.tuple([z.number(), z.number()])

export const MemorySearchFileSchema = z.object({
  path: z.string(),
  /** Matches in the path itself. */
  nameRanges: z.array(RangeSchema),
  /** Lines holding a match (the first ones), each with where the matches are in `text`. */
  lines: z.array(z.object({ line: z.number(), text: z.string(), ranges: z.array(RangeSchema) })),
  /** Matches in the contents, all of them (more than `lines` shows when there are many). */
  count: z.number()
})
export type MemorySearchFile = z.infer<typeof MemorySearchFileSchema>

export const MemorySearchResultSchema = z.object({
  files: z.array(MemorySearchFileSchema),
  searchedFiles: z.number(),
  /** More files matched than are listed. */
  truncated: z.boolean(),
  /** Files too big to search whole (their names are still searched). */
  skipped: z.number()
})
export type MemorySearchResult = z.infer<typeof MemorySearchResultSchema>
