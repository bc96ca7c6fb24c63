import type { TidyChange } from './tidy'

// How the changes of a tidy hang together. A change was planned on the folder as every change
// before it left it; one that touched the same path (or a folder above or inside it) before is
// what it needs: without it, its plan (its sha256 precondition) no longer matches. So a change
// is accepted only with what it needs, and rejecting one rejects what needs it.

export interface LinkedChange {
  id: number
  command: TidyChange['command']
  /** `/memories/...` paths it touches (a rename: from and to). */
  paths: readonly string[]
}

const VERBS: Record<TidyChange['command'], string> = {
  create: 'creates',
  str_replace: 'edits',
  insert: 'edits',
  delete: 'deletes',
  rename: 'moves'
}

/** Same path, or one inside the other. */
export function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`)
}

/** Each change's needs: for each path it touches, the latest change before it that touched it. */
export function needsOf(changes: readonly LinkedChange[]): Map<number, TidyChange['needs']> {
  const needs = new Map<number, TidyChange['needs']>()
  changes.forEach((change, at) => {
    const found: TidyChange['needs'] = []
    for (const path of change.paths) {
      for (let i = at - 1; i >= 0; i--) {
        const earlier = changes[i] as LinkedChange
        const shared = earlier.paths.find((p) => overlaps(p, path))
        if (!shared) continue
        if (!found.some((n) => n.id === earlier.id))
          found.push({
            id: earlier.id,
            why: `Change ${earlier.id} ${VERBS[earlier.command]} ${shared}; this change was planned on what it left, so they go together.`
          })
        break
      }
    }
    needs.set(
      change.id,
      found.sort((a, b) => a.id - b.id)
    )
  })
  return needs
}

type Needs = ReadonlyArray<Pick<TidyChange, 'id' | 'needs'>>

/** `ids` with everything they need, transitively (accepting a change accepts its needs). */
export function withNeeds(changes: Needs, ids: Iterable<number>): Set<number> {
  const byId = new Map(changes.map((c) => [c.id, c]))
  const out = new Set<number>()
  const visit = (id: number): void => {
    if (out.has(id) || !byId.has(id)) return
    out.add(id)
    for (const need of byId.get(id)?.needs ?? []) visit(need.id)
  }
  for (const id of ids) visit(id)
  return out
}

/** `accepted` without `rejected` and everything that needs them (rejecting rejects dependents). */
export function withoutDependents(
  changes: Needs,
  accepted: Iterable<number>,
  rejected: Iterable<number>
): Set<number> {
  const out = new Set(accepted)
  const gone = new Set(rejected)
  for (const change of changes) {
    if (gone.has(change.id) || change.needs.some((n) => gone.has(n.id))) {
      gone.add(change.id)
      out.delete(change.id)
    }
  }
  return out
}

/** The first accepted change whose need is not accepted, and that need; null when none. */
export function unmetNeed(
  changes: Needs,
  accepted: ReadonlySet<number>
): { id: number; need: TidyChange['needs'][number] } | null {
  for (const change of changes) {
    if (!accepted.has(change.id)) continue
    const need = change.needs.find((n) => !accepted.has(n.id))
    if (need) return { id: change.id, need }
  }
  return null
}
