import type { DraftCheck, Draft, DraftField } from './settings-draft'

/** What every group of settings fields gets from the form. */
export interface FieldGroupProps {
  draft: Draft
  errors: DraftCheck['errors']
  onChange: <K extends DraftField>(field: K, value: Draft[K]) => void
}
