import type { MemoryWriteApproval } from '@shared/app/settings'
import { Card } from '../../../components/card'
import { ChoiceGroup, type Choice } from '../../../components/choice-group'
import type { FieldGroupProps } from '../field-group'

export const APPROVAL_CHOICES: readonly Choice<MemoryWriteApproval>[] = [
  {
    value: 'automatic',
    label: 'Automatic',
    description: 'Claude saves its changes at once. Each one shows in the chat and can be undone.'
  },
  {
    value: 'ask-destructive',
    label: 'Ask before changes that remove or overwrite',
    description:
      'Edits, deletions and moves wait for your approval, with the change shown. New files are saved at once.'
  },
  {
    value: 'ask-all',
    label: 'Ask before every change',
    description: 'Every change, new files included, waits for your approval.'
  }
]

/** Whether Claude's memory changes wait for the user (write approval). */
export function ApprovalFields({ draft, onChange }: FieldGroupProps) {
  return (
    <Card
      title="Approval"
      description="Your own edits in Memory never ask. Stopping a reply declines a change that is waiting."
    >
      <ChoiceGroup
        legend="When Claude changes memory"
        name="memoryWriteApproval"
        value={draft.memoryWriteApproval}
        onChange={(value) => onChange('memoryWriteApproval', value)}
        choices={APPROVAL_CHOICES}
      />
    </Card>
  )
}
