import { z } from 'zod'

// Memory spaces (issue 38): each memory folder is a space with its own engine, watcher and state.
// Every memory channel and event names its space; the default space is the folder Cairn always had.

/** "No project": the memory folder in Cairn's data folder, as before spaces existed. */
export const DEFAULT_SPACE_ID = 'default'

/** Short, file-name-safe ids: a space's state folder is named after its id. */
export const SpaceIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'is not a memory space id (a-z, 0-9 and -, up to 64)')
export type SpaceId = z.infer<typeof SpaceIdSchema>

/**
 * The space a memory call is for. Required, not defaulted: a caller that forgot it would
 * otherwise read or write the default space, and a project's notes could land in another
 * project's memory without a word. A missing space is a clear BAD_INPUT instead.
 */
export const InSpaceSchema = z.object({ space: SpaceIdSchema })

/** A memory channel's input with the space it is for (safeExtend keeps an input's own checks). */
export function inSpace<Shape extends z.ZodRawShape, Config extends z.core.$ZodObjectConfig>(
  schema: z.ZodObject<Shape, Config>
): z.ZodObject<z.core.util.Extend<Shape, typeof InSpaceSchema.shape>, Config> {
  // A generic shape might name `space` itself, which safeExtend's types cannot rule out here.
  const extend = schema.safeExtend.bind(schema) as unknown as (
    shape: typeof InSpaceSchema.shape
  ) => unknown
  return extend(InSpaceSchema.shape) as z.ZodObject<
    z.core.util.Extend<Shape, typeof InSpaceSchema.shape>,
    Config
  >
}
