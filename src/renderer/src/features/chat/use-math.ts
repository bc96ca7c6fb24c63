import { useEffect, useState } from 'react'
import type { Options } from 'react-markdown'

export type Plugins = NonNullable<Options['remarkPlugins']>

export interface MathPlugins {
  remark: Plugins
  rehype: Plugins
}

let loaded: MathPlugins | null = null
let loading: Promise<MathPlugins> | null = null

/** Loads KaTeX and the math plugins once; later calls share the same load. */
export function loadMath(): Promise<MathPlugins> {
  loading ??= import('./math-plugins').then(
    (module) => (loaded = module.MATH_PLUGINS),
    (error: unknown) => {
      loading = null // a failed chunk load may succeed later; until then math stays as source
      throw error
    }
  )
  return loading
}

/** The math plugins once loaded, loading them when `needed`; `null` until then. */
export function useMath(needed: boolean): MathPlugins | null {
  const [plugins, setPlugins] = useState(loaded)
  useEffect(() => {
    if (!needed || plugins) return
    let live = true
    loadMath().then(
      (math) => live && setPlugins(math),
      () => undefined // shown as plain text: better than no message
    )
    return () => {
      live = false
    }
  }, [needed, plugins])
  return plugins
}
