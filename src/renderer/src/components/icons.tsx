import type { ReactNode } from 'react'

// Small line icons drawn inline (no network, no icon font); decorative, so hidden from readers.
function Icon({ children, size = 18 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  )
}

export const ChatIcon = () => (
  <Icon>
    <path d="M4 5h16v11H9l-5 4z" />
  </Icon>
)

export const MemoryIcon = () => (
  <Icon>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
  </Icon>
)

export const SettingsIcon = () => (
  <Icon>
    <path d="M4 6h8M16 6h4M4 12h2M10 12h10M4 18h10M18 18h2" />
    <circle cx="14" cy="6" r="2" />
    <circle cx="8" cy="12" r="2" />
    <circle cx="16" cy="18" r="2" />
  </Icon>
)

export const CairnMark = () => (
  <svg aria-hidden="true" focusable="false" width="26" height="26" viewBox="0 0 26 26">
    <ellipse cx="13" cy="21" rx="9" ry="3.2" fill="currentColor" opacity="0.9" />
    <ellipse cx="13" cy="14.5" rx="6.5" ry="2.8" fill="currentColor" opacity="0.7" />
    <ellipse cx="13" cy="8.6" rx="4.4" ry="2.3" fill="currentColor" opacity="0.5" />
    <ellipse cx="13" cy="3.9" rx="2.4" ry="1.6" fill="currentColor" opacity="0.35" />
  </svg>
)

export const WarningIcon = () => (
  <Icon size={20}>
    <path d="M12 3 2 20h20z" />
    <path d="M12 10v4M12 17h0" />
  </Icon>
)

export const KeyIcon = () => (
  <Icon size={16}>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 9-9M16 7l3 3" />
  </Icon>
)

export const Spinner = () => <span className="spinner" aria-hidden="true" />
