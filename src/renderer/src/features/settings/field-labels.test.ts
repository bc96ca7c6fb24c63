import { describe, expect, it } from 'vitest'
import pageObject from '../../../../../e2e/pages/settings-page.ts?raw'
import { FIELD_LABELS, fieldId } from './field-labels'

// The Playwright page object keeps its own copy of the labels; this keeps the copies in step.
describe('settings page object', () => {
  it('uses the labels and error ids the renderer renders', () => {
    for (const [name, label] of Object.entries(FIELD_LABELS)) {
      expect(pageObject).toContain(`  ${name}: '${label}'`)
    }
    expect(`${fieldId('maxFiles')}-error`).toBe('field-maxFiles-error')
    expect(pageObject).toContain('[id="field-${name}-error"]')
  })
})
