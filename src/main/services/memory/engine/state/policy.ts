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
  type SecretGuardSettings
} from '@shared/app/settings'
import { Emitter } from '../../../events/emitter'

// The policies in force (caps, expiry, the secret guard): the one owner that changes them. Each
// change is validated whole and replaces the old object, so a context built before it keeps what
// it started with and the next operation sees the new one. Everyone else reads.

export class Policy {
  private currentLimits: MemoryLimits
  private currentExpiry: ExpiryPolicy
  private currentGuard: SecretGuardSettings
  private readonly pinned: Emitter<string[]>

  constructor(
    limits: MemoryLimits,
    expiry: ExpiryPolicy,
    guard: Partial<SecretGuardSettings> | undefined,
    warn: (message: string, error: unknown) => void
  ) {
    this.currentLimits = limits
    this.currentExpiry = expiry
    this.currentGuard = SecretGuardSchema.parse(guard ?? {})
    this.pinned = new Emitter<string[]>((error) => warn('pinned patterns listener failed', error))
  }

  get limits(): Readonly<MemoryLimits> {
    return this.currentLimits
  }

  get expiry(): Readonly<ExpiryPolicy> {
    return this.currentExpiry
  }

  get secretGuard(): Readonly<SecretGuardSettings> {
    return this.currentGuard
  }

  setLimits(patch: MemoryLimitsPatch): MemoryLimits {
    const checked = MemoryLimitsPatchSchema.safeParse(patch)
    const merged = checked.success
      ? MemoryLimitsSchema.safeParse({ ...this.currentLimits, ...defined(checked.data) })
      : checked
    if (!merged.success)
      throw new CairnError('BAD_INPUT', merged.error.issues[0]?.message ?? 'Invalid memory limits.')
    this.currentLimits = merged.data as MemoryLimits
    return { ...this.currentLimits }
  }

  setExpiry(patch: ExpiryPolicyPatch): ExpiryPolicy {
    const checked = ExpiryPolicyPatchSchema.safeParse(patch)
    const merged = checked.success
      ? ExpiryPolicySchema.safeParse({ ...this.currentExpiry, ...defined(checked.data) })
      : checked
    if (!merged.success)
      throw new CairnError('BAD_INPUT', merged.error.issues[0]?.message ?? 'Invalid expiry policy.')
    this.currentExpiry = merged.data as ExpiryPolicy
    return { ...this.currentExpiry, pinned: [...this.currentExpiry.pinned] }
  }

  setSecretGuard(patch: Partial<SecretGuardSettings>): SecretGuardSettings {
    const merged = SecretGuardSchema.safeParse({ ...this.currentGuard, ...defined(patch) })
    if (!merged.success)
      throw new CairnError(
        'BAD_INPUT',
        merged.error.issues[0]?.message ?? 'Invalid secret guard settings.'
      )
    this.currentGuard = merged.data
    return { ...this.currentGuard }
  }

  /**
   * The pins after a rename moved what they named (the engine changed them, not the settings):
   * listeners are told so the settings save them. False when they no longer fit the policy.
   */
  movePins(pinned: string[]): boolean {
    const checked = ExpiryPolicySchema.safeParse({ ...this.currentExpiry, pinned })
    if (!checked.success) return false
    this.currentExpiry = checked.data as ExpiryPolicy
    this.pinned.emit([...this.currentExpiry.pinned])
    return true
  }

  /** Pinned patterns the engine changed (see movePins). */
  onPinnedChange(listener: (pinned: string[]) => void): () => void {
    return this.pinned.on(listener)
  }
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined)
  ) as Partial<T>
}
