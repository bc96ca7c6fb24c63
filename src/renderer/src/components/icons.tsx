import {
  FolderTree,
  KeyRound,
  MessagesSquare,
  SlidersHorizontal,
  TriangleAlert
} from 'lucide-react'

// One icon set (lucide), always decorative: the control next to it carries the name.
const common = { 'aria-hidden': true, focusable: false, strokeWidth: 1.8 } as const

export const ChatIcon = () => <MessagesSquare size={18} {...common} />
export const MemoryIcon = () => <FolderTree size={18} {...common} />
export const SettingsIcon = () => <SlidersHorizontal size={18} {...common} />
export const WarningIcon = () => <TriangleAlert size={20} {...common} />
export const KeyIcon = () => <KeyRound size={16} {...common} />

/** The brand mark: stacked stones, drawn here because no icon set has a cairn. */
export const CairnMark = () => (
  <svg aria-hidden="true" focusable="false" width="26" height="26" viewBox="0 0 26 26">
    <ellipse cx="13" cy="21" rx="9" ry="3.2" fill="currentColor" opacity="0.9" />
    <ellipse cx="13" cy="14.5" rx="6.5" ry="2.8" fill="currentColor" opacity="0.7" />
    <ellipse cx="13" cy="8.6" rx="4.4" ry="2.3" fill="currentColor" opacity="0.5" />
    <ellipse cx="13" cy="3.9" rx="2.4" ry="1.6" fill="currentColor" opacity="0.35" />
  </svg>
)

export const Spinner = () => <span className="spinner" aria-hidden="true" />
