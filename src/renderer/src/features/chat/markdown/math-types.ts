import type { Options } from 'react-markdown'

// Types shared by the lazy math chunk (math-plugins) and the hook that loads it (use-math).

export type Plugins = NonNullable<Options['remarkPlugins']>

export interface MathPlugins {
  remark: Plugins
  rehype: Plugins
}
