/** Electron's EventEmitter, as much of it as the fakes need; a test fires events with emit(). */
type Listener = (...args: never[]) => unknown

export class FakeEmitter {
  readonly listeners = new Map<string, Listener[]>()

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }

  once(event: string, listener: Listener): this {
    const wrapped = ((...args: never[]) => {
      this.removeListener(event, wrapped)
      return listener(...args)
    }) as Listener
    return this.on(event, wrapped)
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((candidate) => candidate !== listener)
    )
    return this
  }

  emit(event: string, ...args: unknown[]): boolean {
    const current = this.listeners.get(event) ?? []
    for (const listener of current) (listener as (...a: unknown[]) => unknown)(...args)
    return current.length > 0
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0
  }
}
