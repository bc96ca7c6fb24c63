import { ExpiryPreviewLine } from './memory/expiry-preview-line'
import { SETTINGS_RANGES, type Settings } from '@shared/app/settings'
import { Card } from '../../components/card'
import { ChoiceGroup } from '../../components/choice-group'
import { Field } from '../../components/field'
import { CapWarning } from './memory/cap-warning'
import type { FieldGroupProps } from './field-group'
import { fieldId } from './field-labels'
import { NumberField } from './number-field'
import { pinnedLines } from './settings-draft'
import { SizeField } from './size-field'

export function MemoryCapFields({ saved, ...props }: FieldGroupProps & { saved: Settings }) {
  return (
    <Card
      title="Memory limits"
      description="Limits on what Claude may keep in the memory folder. Claude cannot save anything that would go past one."
    >
      <div className="field-grid">
        <SizeField {...props} name="maxFileBytes" description="Largest single file." />
        <SizeField {...props} name="maxTotalBytes" description="The whole folder." />
        <NumberField {...props} name="maxFiles" unit="files" description="Files in the folder." />
        <NumberField
          {...props}
          name="maxReadChars"
          unit="chars"
          description="Most text Claude reads from memory in one go."
        />
      </div>
      <CapWarning {...props} saved={saved} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={props.draft.tidySuggest}
          onChange={(event) => props.onChange('tidySuggest', event.currentTarget.checked)}
        />
        <span>
          Suggest a tidy when a memory passes {saved.tidySuggest.percentOfCap}% of a limit or{' '}
          {saved.tidySuggest.changedFiles} files changed since its last tidy (a line in Memory you
          can dismiss)
        </span>
      </label>
    </Card>
  )
}

export function ExpiryFields(props: FieldGroupProps) {
  const { draft, errors, onChange } = props
  const patterns = pinnedLines(draft.pinned).length
  return (
    <Card
      title="Expiry"
      description="Let memory files that have gone stale leave on their own. Pinned files never expire."
    >
      <ChoiceGroup
        legend="Expire memory files"
        name="expiry-mode"
        value={draft.expiryMode}
        onChange={(value) => onChange('expiryMode', value)}
        choices={[
          {
            value: 'off',
            label: 'Never',
            description: 'Files stay until you or Claude remove them.'
          },
          {
            value: 'idle',
            label: 'When idle',
            description:
              'Not read or changed for the set number of days. For a file Cairn has not seen before, the days count from when it was last changed.'
          },
          {
            value: 'age',
            label: 'By age',
            description: 'Created more than the set number of days ago, whether used or not.'
          }
        ]}
      />
      <div className="field-grid">
        <NumberField
          {...props}
          name="expiryDays"
          unit="days"
          description={
            draft.expiryMode === 'off' ? 'Used once expiry is on.' : 'How long a file lasts.'
          }
        />
        <ChoiceGroup
          legend="Then"
          name="expiry-action"
          layout="segmented"
          value={draft.expiryAction}
          onChange={(value) => onChange('expiryAction', value)}
          choices={[
            { value: 'archive', label: 'Archive' },
            { value: 'delete', label: 'Delete' }
          ]}
          help={
            draft.expiryAction === 'archive'
              ? 'Expired files are moved aside, not lost.'
              : 'Expired files are deleted. Activity can restore them while history keeps them.'
          }
        />
      </div>
      <ExpiryPreviewLine
        policy={{
          mode: draft.expiryMode,
          days: draft.expiryDays,
          action: draft.expiryAction,
          pinned: pinnedLines(draft.pinned)
        }}
      />
      <Field
        id={fieldId('pinned')}
        label="Pinned files"
        wide
        error={errors.pinned}
        help={`One pattern per line, e.g. profile.md or projects/*.md. ${patterns} of ${SETTINGS_RANGES.pinnedGlobs.max} patterns.`}
      >
        {(control) => (
          <textarea
            {...control}
            className="input input--mono"
            rows={3}
            spellCheck={false}
            value={draft.pinned}
            onChange={(event) => onChange('pinned', event.currentTarget.value)}
          />
        )}
      </Field>
    </Card>
  )
}
