import { useEffect, useState } from 'react'

/*
 * A part of the renderer kept out of the entry chunk (a dynamic import): loaded once on first
 * use, or earlier by a preload, and readable synchronously once it has arrived.
 */
export interface LazyModule<T> {
  /** Starts the load (once; a failed load may be tried again) and resolves with the value. */
  load(): Promise<T>
  /** The value once loaded; null before. */
  current(): T | null
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | null = null
  let loading: Promise<T> | null = null
  return {
    load() {
      loading ??= importer().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          loading = null // a failed chunk load may succeed later
          throw error
        }
      )
      return loading
    },
    current: () => value
  }
}

/** The module once loaded, loading it when `needed`; `null` until then (and if it cannot load). */
export function useLazyModule<T>(module: LazyModule<T>, needed: boolean): T | null {
  const [value, setValue] = useState(module.current)
  useEffect(() => {
    if (!needed || value) return
    let live = true
    module.load().then(
      (loaded) => live && setValue(() => loaded),
      () => undefined // the caller shows its plain version: better than nothing
    )
    return () => {
      live = false
    }
  }, [module, needed, value])
  return value
}
