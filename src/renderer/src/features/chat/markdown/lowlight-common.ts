import { common, createLowlight } from 'lowlight'

/*
 * highlight.js's common grammars (most of the highlighter's weight): a chunk of their own, loaded
 * when code first shows (highlight-code.ts). One instance for the whole app: rehype-highlight
 * builds a new one, and so recompiles every grammar it uses, on each render of each message.
 */
export const lowlight = createLowlight(common)
