import { lazyModule, useLazyModule } from '../../../lib/lazy/lazy-module'
import type { MathPlugins } from './math-types'

export type { MathPlugins, Plugins } from './math-types'

/** KaTeX and the math plugins: their own chunk, loaded on first use. */
const math = lazyModule(() => import('./math-plugins').then((module) => module.MATH_PLUGINS))

/** The math plugins once loaded, loading them when `needed`; `null` until then. */
export function useMath(needed: boolean): MathPlugins | null {
  return useLazyModule(math, needed)
}
