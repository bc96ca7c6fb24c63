import type { ReactNode } from 'react'

/** The parts of Settings, in the order the page shows them and the sidebar lists them. */
export const SETTINGS_SECTIONS = [
  { id: 'general', title: 'General' },
  { id: 'models', title: 'Models' },
  { id: 'memory', title: 'Memory' },
  { id: 'expiry', title: 'Expiry' },
  { id: 'privacy', title: 'Privacy' },
  { id: 'advanced', title: 'Advanced' }
] as const

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id']

export const sectionId = (id: SettingsSectionId): string => `settings-section-${id}`

/** One part of Settings: a titled group of cards the sidebar jumps to. */
export function SettingsSection({ id, children }: { id: SettingsSectionId; children: ReactNode }) {
  const title = SETTINGS_SECTIONS.find((s) => s.id === id)?.title ?? id
  return (
    <section
      id={sectionId(id)}
      aria-labelledby={`${sectionId(id)}-title`}
      className="settings-section flex flex-col gap-4"
    >
      <h2 id={`${sectionId(id)}-title`} className="settings-section__title" tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The sidebar: a link per section; it jumps there and marks the one in view. */
export function SettingsNav({
  current,
  onJump
}: {
  current: SettingsSectionId
  onJump: (id: SettingsSectionId) => void
}) {
  return (
    <nav aria-label="Settings sections" className="settings-nav">
      <ul>
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.id}>
            <a
              href={`#${sectionId(section.id)}`}
              aria-current={current === section.id ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault()
                onJump(section.id)
              }}
            >
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
