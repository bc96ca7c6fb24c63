import rehypeKatex from 'rehype-katex'
import remarkMath from 'remark-math'
import 'katex/dist/katex.min.css'
import type { MathPlugins } from './math-types'

/*
 * Loaded on first use (its own chunk with KaTeX's fonts and styles). KaTeX's inline sizes reach
 * the DOM as React style objects, which the strict CSP allows; a formula it cannot parse is shown
 * as its source in the error colour instead of breaking the message.
 */
export const MATH_PLUGINS: MathPlugins = {
  remark: [remarkMath],
  rehype: [[rehypeKatex, { throwOnError: false, strict: 'ignore', output: 'htmlAndMathml' }]]
}
