import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'

/*
 * cairn/boundaries: which folder may not import which, as VS Code's layering rule does. Each
 * option is { from, to, except?, message }: folders relative to the project root; a file under
 * `from` must not import a module under `to` (the module path, extension dropped) unless it is in
 * `except`. Relative imports and the tsconfig aliases are resolved; packages are never matched.
 * Type-only imports count too: a type import is still a dependency on the room it names.
 */

const ALIASES = [
  ['@shared/', 'src/shared/'],
  ['@renderer/', 'src/renderer/src/']
]

function toPosix(path) {
  return path.split(sep).join('/')
}

function within(path, folder) {
  return path === folder || path.startsWith(`${folder}/`)
}

/** The imported module as a project-relative path without extension, or null for a package. */
function target(source, file, root) {
  let absolute
  if (source.startsWith('.')) absolute = resolve(dirname(file), source)
  else {
    const alias = ALIASES.find(([prefix]) => source.startsWith(prefix))
    if (!alias) return null
    absolute = resolve(root, alias[1], source.slice(alias[0].length))
  }
  return toPosix(relative(root, absolute)).replace(/\.(d\.ts|tsx?|jsx?|mjs|cjs)$/, '')
}

/** @type {import('eslint').Rule.RuleModule} */
export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports inside the layers the design fixes.' },
    schema: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          from: { type: 'string' },
          to: { type: 'array', items: { type: 'string' } },
          except: { type: 'array', items: { type: 'string' } },
          message: { type: 'string' }
        },
        required: ['from', 'to', 'message'],
        additionalProperties: false
      }
    },
    messages: { crossed: '{{source}}: {{message}}' }
  },
  create(context) {
    const root = context.cwd
    const file = isAbsolute(context.filename) ? context.filename : resolve(root, context.filename)
    const here = toPosix(relative(root, file))
    const layers = context.options.filter((layer) => within(here, layer.from))
    if (!layers.length) return {}
    const check = (node) => {
      const source = typeof node?.value === 'string' ? node.value : null
      if (source === null) return
      const module = target(source, file, root)
      if (module === null) return
      for (const layer of layers) {
        if (!layer.to.some((folder) => within(module, folder))) continue
        if (layer.except?.includes(module)) continue
        context.report({ node, messageId: 'crossed', data: { source, message: layer.message } })
        return
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require')
          check(node.arguments[0])
      }
    }
  }
}

export default { rules: { boundaries } }
