import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { focusSoon } from './navigation'

afterEach(() => document.body.replaceChildren())

describe('focusSoon', () => {
  it('focuses a control that appears a few frames later (a view still loading its chunk)', async () => {
    focusSoon('late-field')
    await new Promise((resolve) => setTimeout(resolve, 50))
    const input = document.createElement('input')
    input.id = 'late-field'
    document.body.append(input)
    await waitFor(() => expect(document.activeElement).toBe(input))
  })
})
