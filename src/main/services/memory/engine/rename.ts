import { rename } from '../commands/rename'
import type { Ctx, Done } from '../kernel/context'
import { pinsAfterMove } from '../expiry/pins'
import { isWithin, type MemoryPath } from '../jail/paths'
import type { Engine } from './engine'

// A rename by anyone, Claude's or the user's: the pinned patterns follow what moved (see pins.ts),
// changed through the policy's owner (state/policy.ts), which tells the settings to save them.

export async function renameKeepingPins(
  e: Engine,
  ctx: Ctx,
  from: MemoryPath,
  to: MemoryPath
): Promise<Done> {
  const done = await rename(ctx, from, to)
  if (done.plan) return done
  const moved = ctx.index
    .under(to.rel)
    .map(([rel]) => [from.rel + rel.slice(to.rel.length), rel] as const)
  const pinned = pinsAfterMove(e.policy.expiry.pinned, from.rel, to.rel, moved, () =>
    [...ctx.index.entries()].map(([rel]) => rel).filter((rel) => !isWithin(rel, to.rel))
  )
  if (pinned && !e.policy.movePins(pinned))
    e.parts.logger?.warn('a renamed file lost its pin: the pinned patterns are full')
  return done
}
