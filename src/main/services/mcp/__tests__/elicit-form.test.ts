import { describe, expect, it } from 'vitest'
import { readElicitForm } from '../elicit-form'

describe('readElicitForm', () => {
  it('cuts a server’s long words, keeps only defaults it can show, and marks required fields', () => {
    const form = readElicitForm({
      type: 'object',
      properties: {
        pick: { type: 'string', title: 'T'.repeat(900), enum: ['a', 'b'], default: 'z' },
        many: {
          type: 'array',
          items: { anyOf: [{ const: 'x', title: 'Ex' }] },
          default: ['x', 'q']
        },
        when: { type: 'string', format: 'date', description: ' ' }
      },
      required: ['when', 42]
    })
    expect(form).toEqual({
      fields: [
        {
          name: 'pick',
          title: 'T'.repeat(500),
          required: false,
          kind: 'choice',
          options: [
            { value: 'a', title: 'a' },
            { value: 'b', title: 'b' }
          ]
        },
        {
          name: 'many',
          title: 'many',
          required: false,
          kind: 'choices',
          options: [{ value: 'x', title: 'Ex' }],
          default: ['x']
        },
        { name: 'when', title: 'when', required: true, kind: 'text', format: 'date' }
      ]
    })
  })

  it('refuses a field named after an object’s prototype, and a form with no fields', () => {
    const proto = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}')
    expect(readElicitForm(proto)).toEqual({
      problem: 'the field "__proto__" has a name Cairn does not accept.'
    })
    expect(readElicitForm({ type: 'object' })).toEqual({
      problem: 'the form has no fields (requestedSchema.properties is missing).'
    })
  })
})
