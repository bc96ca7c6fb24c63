import { quoted } from '@shared/control-names'

/** The notice when Claude reaches the memory round cap for one message (`maxToolRounds`). */
export function toolRoundLimitText(rounds: number): string {
  return `Claude worked with memory in ${rounds} round${rounds === 1 ? '' : 's'} for this message, the limit set by ${quoted('maxToolRounds')} in Settings, so Cairn stopped here. Send another message to let Claude go on, or raise the limit there.`
}
