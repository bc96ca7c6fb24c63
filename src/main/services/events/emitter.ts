/*
 * One typed listener set for every service that tells others of a change (chat events, settings,
 * memory changes and pins, the watcher's problems, sync status). A listener that throws never
 * keeps the others from hearing the event: the change it tells of has already happened.
 */

export type Listener<T> = (value: T) => void

export class Emitter<T> {
  private readonly listeners = new Set<Listener<T>>()

  /**
   * `onError` hears what a listener threw (log it there). Without one, the first error is thrown
   * again once every listener has heard the event.
   */
  constructor(private readonly onError?: (error: unknown, value: T) => void) {}

  /** Adds a listener; returns its unsubscribe. */
  on(listener: Listener<T>): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  emit(value: T): void {
    let first: { error: unknown } | undefined
    // A copy: a listener may unsubscribe (or subscribe another) while the event is told.
    for (const listener of [...this.listeners]) {
      try {
        listener(value)
      } catch (error) {
        if (this.onError) this.onError(error, value)
        else first ??= { error }
      }
    }
    if (first) throw first.error
  }

  get size(): number {
    return this.listeners.size
  }

  /** Drops every listener (dispose). */
  clear(): void {
    this.listeners.clear()
  }
}
