import { CairnError } from '@shared/errors'
import {
  ExpiryPolicyPatchSchema,
  MemoryLimitsPatchSchema,
  MemoryLimitsSchema,
  type ExpiryPolicy,
  type ExpiryPolicyPatch,
  type MemoryLimits,
  type MemoryLimitsPatch
} from '@shared/memory/memory'
import {
  ExpiryPolicySchema,
  SecretGuardSchema,
  type HistoryRetention,
  type SecretGuardSettings
} from '@shared/app/settings'
import { rename } from '../commands/rename'
import type { Ctx, Done } from '../kernel/context'
import { pinsAfterMove } from '../expiry/pins'
import { isWithin, type MemoryPath } from '../jail/paths'
import type { Engine } from './engine'

// The policies in force (caps, expiry, the secret guard, history's retention): settings changes
// apply to the next operation. A rename moves the pins with what moved.

export function updateLimits(e: Engine, patch: MemoryLimitsPatch): MemoryLimits {
  const checked = MemoryLimitsPatchSchema.safeParse(patch)
  const merged = checked.success
    ? MemoryLimitsSchema.safeParse({ ...e.limits, ...defined(checked.data) })
    : checked
  if (!merged.success)
    throw new CairnError('BAD_INPUT', merged.error.issues[0]?.message ?? 'Invalid memory limits.')
  e.limits = merged.data as MemoryLimits
  return { ...e.limits }
}

export function updateExpiry(e: Engine, patch: ExpiryPolicyPatch): ExpiryPolicy {
  const checked = ExpiryPolicyPatchSchema.safeParse(patch)
  const merged = checked.success
    ? ExpiryPolicySchema.safeParse({ ...e.expiry, ...defined(checked.data) })
    : checked
  if (!merged.success)
    throw new CairnError('BAD_INPUT', merged.error.issues[0]?.message ?? 'Invalid expiry policy.')
  e.expiry = merged.data as ExpiryPolicy
  return { ...e.expiry, pinned: [...e.expiry.pinned] }
}

export function updateSecretGuard(
  e: Engine,
  patch: Partial<SecretGuardSettings>
): SecretGuardSettings {
  const merged = SecretGuardSchema.safeParse({ ...e.secretGuard, ...defined(patch) })
  if (!merged.success)
    throw new CairnError(
      'BAD_INPUT',
      merged.error.issues[0]?.message ?? 'Invalid secret guard settings.'
    )
  e.secretGuard = merged.data
  return { ...e.secretGuard }
}

export function updateHistory(
  e: Engine,
  patch: Partial<HistoryRetention>
): HistoryRetention | undefined {
  return e.parts.history?.setRetention(patch)
}

/** A rename by anyone; pinned patterns follow what moved (see pins.ts). */
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
  const pinned = pinsAfterMove(e.expiry.pinned, from.rel, to.rel, moved, () =>
    [...ctx.index.entries()].map(([rel]) => rel).filter((rel) => !isWithin(rel, to.rel))
  )
  const checked = pinned && ExpiryPolicySchema.safeParse({ ...e.expiry, pinned })
  if (checked?.success) {
    e.expiry = checked.data as ExpiryPolicy
    e.pinListeners.emit([...e.expiry.pinned])
  } else if (checked) {
    e.parts.logger?.warn('a renamed file lost its pin: the pinned patterns are full')
  }
  return done
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined)
  ) as Partial<T>
}
