import { ELICIT_LIMITS, type ElicitField, type ElicitOption } from '@shared/mcp/elicitation'

/*
 * A server's `requestedSchema` (MCP's restricted JSON Schema: an object of flat fields, each a
 * string, number, integer, boolean, or a single or multiple choice) read into the field kinds the
 * page shows. Anything else is refused with a reason rather than shown half: the server hears it.
 * Its words are cut to a size; nothing it sends is taken as more than text.
 */

export type ElicitForm = { fields: ElicitField[] } | { problem: string }

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const words = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.slice(0, ELICIT_LIMITS.words) : undefined
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined

export function readElicitForm(schema: unknown): ElicitForm {
  if (!isObject(schema) || !isObject(schema.properties))
    return { problem: 'the form has no fields (requestedSchema.properties is missing).' }
  const entries = Object.entries(schema.properties)
  if (entries.length > ELICIT_LIMITS.fields)
    return { problem: `the form has ${entries.length} fields; Cairn shows at most 50.` }
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : []
  )
  const fields: ElicitField[] = []
  for (const [name, property] of entries) {
    const field = readField(name, property, required.has(name))
    if (typeof field === 'string') return { problem: `the field "${name}" ${field}` }
    fields.push(field)
  }
  return { fields }
}

/** One property as a field, or what is wrong with it. */
function readField(name: string, property: unknown, required: boolean): ElicitField | string {
  if (name.length > 200) return 'has too long a name.'
  // An answer is a plain object keyed by these names: none may reach its prototype.
  if (name === '__proto__' || name === 'constructor' || name === 'prototype')
    return 'has a name Cairn does not accept.'
  if (!isObject(property)) return 'is not described.'
  const base = {
    name,
    title: words(property.title) ?? name,
    ...(words(property.description) ? { description: words(property.description) } : {}),
    required
  }
  const type = property.type
  if (type === 'string') {
    const options = optionsOf(property)
    if (typeof options === 'string') return options
    if (options) {
      const fallback = options.find((o) => o.value === property.default)?.value
      return { ...base, kind: 'choice', options, ...(fallback ? { default: fallback } : {}) }
    }
    const format = property.format
    const minLength = count(property.minLength)
    const maxLength = count(property.maxLength)
    const fallback = property.default
    return {
      ...base,
      kind: 'text',
      ...(format === 'email' || format === 'uri' || format === 'date' || format === 'date-time'
        ? { format }
        : {}),
      ...(minLength !== undefined ? { minLength } : {}),
      ...(maxLength ? { maxLength: Math.min(maxLength, ELICIT_LIMITS.text) } : {}),
      ...(typeof fallback === 'string' && fallback.length <= ELICIT_LIMITS.text
        ? { default: fallback }
        : {})
    }
  }
  if (type === 'number' || type === 'integer') {
    const [minimum, maximum, fallback] = [property.minimum, property.maximum, property.default].map(
      num
    )
    return {
      ...base,
      kind: 'number',
      integer: type === 'integer',
      ...(minimum !== undefined ? { minimum } : {}),
      ...(maximum !== undefined ? { maximum } : {}),
      ...(fallback !== undefined ? { default: fallback } : {})
    }
  }
  if (type === 'boolean')
    return {
      ...base,
      kind: 'boolean',
      ...(typeof property.default === 'boolean' ? { default: property.default } : {})
    }
  if (type === 'array') {
    const options = isObject(property.items) ? optionsOf(property.items) : undefined
    if (typeof options === 'string') return options
    if (!options) return 'is a list Cairn cannot show (only a list of choices).'
    const [minItems, maxItems] = [count(property.minItems), count(property.maxItems)]
    const picked = Array.isArray(property.default)
      ? property.default.filter((v) => options.some((o) => o.value === v))
      : undefined
    return {
      ...base,
      kind: 'choices',
      options,
      ...(minItems !== undefined ? { minItems } : {}),
      ...(maxItems ? { maxItems } : {}),
      ...(picked?.length ? { default: picked as string[] } : {})
    }
  }
  return `is of a kind Cairn cannot show (${typeof type === 'string' ? type : 'no type'}).`
}

/**
 * The choices of a field: `enum` (with the older `enumNames` as titles) or `oneOf` / `anyOf` of
 * `{const, title}`. Undefined: no choices; a string: what is wrong with them.
 */
function optionsOf(schema: Json): ElicitOption[] | string | undefined {
  let options: ElicitOption[] | undefined
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : []
    options = schema.enum.map((value, index) => ({
      value: String(value),
      title: words(names[index]) ?? String(value)
    }))
  } else {
    const listed = Array.isArray(schema.oneOf) ? schema.oneOf : schema.anyOf
    if (!Array.isArray(listed)) return undefined
    options = listed.filter(isObject).map((option) => ({
      value: String(option.const),
      title: words(option.title) ?? String(option.const)
    }))
  }
  if (options.length === 0) return 'offers no choices.'
  if (options.length > ELICIT_LIMITS.options)
    return `offers ${options.length} choices; Cairn shows at most ${ELICIT_LIMITS.options}.`
  if (options.some((o) => o.value.length > ELICIT_LIMITS.words)) return 'has too long a choice.'
  return options
}
