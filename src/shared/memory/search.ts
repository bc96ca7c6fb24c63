import { z } from 'zod'

// Memory → search: the query, and the files that matched with where.

/** Files in one page of hits, unless the asker says otherwise. */
export const SEARCH_PAGE = 100
/** The most files one answer lists (a page, or the pages shown so far asked again at once). */
export const SEARCH_LIMIT_MAX = 10_000

/**
 * Memory → search: names and contents, case-insensitive, the query taken literally. Hits come a
 * page at a time, in name order: `offset` skips that many matching files, `limit` lists at most
 * that many after them.
 */
export const MemorySearchInputSchema = z.strictObject({
  query: z
    .string()
    .min(1, 'is empty')
    .max(200, 'is too long to search for (at most 200 characters)'),
  offset: z.number().int().min(0).optional(),
  limit: z
    .number()
    .int()
    .min(1)
    .max(SEARCH_LIMIT_MAX, `lists at most ${SEARCH_LIMIT_MAX} files at once`)
    .optional()
})
export type MemorySearchInput = z.infer<typeof MemorySearchInputSchema>
/** Which page of hits: the input without its query. */
export type MemorySearchPage = Omit<MemorySearchInput, 'query'>

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
  /** The matching files from `offset` on, at most `limit` of them. */
  files: z.array(MemorySearchFileSchema),
  /** How many matching files come before `files` (the input's offset). */
  offset: z.number(),
  /** How many files match in all: the ones after `files` are the next pages. */
  matchedFiles: z.number(),
  searchedFiles: z.number(),
  /** Files too big to search whole (their names are still searched). */
  skipped: z.number()
})
export type MemorySearchResult = z.infer<typeof MemorySearchResultSchema>
