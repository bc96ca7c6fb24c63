import { CairnError } from '@shared/errors'
import {
  SEARCH_ALL_PER_SPACE,
  type CopyToSpaceInput,
  type CopyToSpaceResult,
  type SearchAllResult
} from '@shared/memory/across-spaces'
import type { SpaceId } from '@shared/memory/spaces'
import type { MemoryService } from '../memory/service'
import { describeSpace, type SpaceDescriptor } from './space-list'

// Work that spans spaces. Each step is an ordinary call into one space, so every rule of that
// space applies (its caps, its secret guard, its history and activity): a copy is the user's own
// create in the target, a move then deletes the original in the source, and only if the original
// is still what was copied. A failure between the two leaves the note in both, never in neither.

export interface AcrossSpacesDeps {
  spaces: { get(id: SpaceId): SpaceDescriptor | undefined; all(): SpaceDescriptor[] }
  memoryIn(id: SpaceId): MemoryService
}

export async function copyToSpace(
  deps: AcrossSpacesDeps,
  input: CopyToSpaceInput
): Promise<CopyToSpaceResult> {
  const source = describeSpace(deps.spaces, input.space)
  const target = describeSpace(deps.spaces, input.to)
  if (source.id === target.id)
    throw new CairnError('BAD_INPUT', `The note is in "${source.name}" already. Pick another.`)
  const from = deps.memoryIn(source.id)
  // A refresh read: copying is not using the note, so its idle-expiry clock is left alone.
  const original = await from.read(input.path, { refresh: true })
  if (original.truncated)
    throw new CairnError(
      'BAD_INPUT',
      `${input.path} is too large to copy here. Copy the file in your file manager instead.`
    )
  try {
    await deps.memoryIn(target.id).create({
      path: input.path,
      content: original.content,
      kind: 'file',
      ...(input.secrets ? { secrets: input.secrets } : {})
    })
  } catch (error) {
    if (error instanceof CairnError && error.code === 'MEMORY_EXISTS')
      throw new CairnError(
        'MEMORY_EXISTS',
        `"${target.name}" has a note at ${input.path} already. Rename one of them first.`
      )
    throw error
  }
  if (!input.move) return { space: target.id, path: input.path, moved: false, note: null }
  const now = await from.read(input.path, { refresh: true }).catch(() => null)
  if (now?.hash !== original.hash)
    return {
      space: target.id,
      path: input.path,
      moved: false,
      note: `${input.path} changed in "${source.name}" while it was copied, so both are kept.`
    }
  await from.delete(input.path)
  return { space: target.id, path: input.path, moved: true, note: null }
}

/** One search per space, one space at a time (the registry keeps only a few open at once). */
export async function searchAllSpaces(
  deps: AcrossSpacesDeps,
  query: string
): Promise<SearchAllResult> {
  const spaces: SearchAllResult['spaces'] = []
  for (const space of deps.spaces.all()) {
    try {
      const result = await deps.memoryIn(space.id).search(query, { limit: SEARCH_ALL_PER_SPACE })
      spaces.push({ space: space.id, name: space.name, result, failed: null })
    } catch (error) {
      const reason = error instanceof CairnError ? error.detail : 'it could not be opened'
      spaces.push({ space: space.id, name: space.name, result: null, failed: reason })
    }
  }
  return { spaces }
}
