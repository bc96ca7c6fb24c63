import { CodeEditor, ConflictCompare } from '../lazy-editors'
import { FileDialogs, FileHeader, FileMessages } from './file-panel-parts'
import { useFilePanel, type FilePanelProps, type FilePanelState } from './use-file-panel'

/** One memory file: its text in an editor, saved through the engine with a conflict check. */
export function FilePanel(props: FilePanelProps) {
  const panel = useFilePanel(props)
  const { path, draft, file, readOnly } = panel
  return (
    <div className="@container flex h-full min-h-0 flex-col">
      <FileHeader panel={panel} />
      <FileMessages panel={panel} />
      <p role="status" className="sr-only">
        {panel.status}
      </p>
      <div className="min-h-0 flex-1">
        {panel.comparing && file && draft.text !== null ? (
          <ConflictCompare
            path={path}
            disk={file.content}
            mine={draft.text}
            busy={draft.saving}
            onMineChange={draft.onEdit}
            onKeepMine={(text) => void panel.keepMine(text)}
            onTakeDisk={() => {
              draft.takeDisk()
              panel.setComparing(false)
            }}
            onCopyMine={panel.copy}
            onClose={() => panel.setComparing(false)}
          />
        ) : draft.initialText !== null ? (
          <CodeEditor
            key={path}
            docKey={`${path}#${draft.docKey}`}
            initial={draft.initialText}
            label={`Contents of ${path}`}
            startSpot={props.drafts.spot(path)}
            controllerRef={panel.controller}
            onChange={draft.onEdit}
            onSave={() => void panel.save()}
            readOnly={readOnly}
            onLeave={(spot) => props.drafts.setSpot(path, spot)}
          />
        ) : null}
      </div>
      <footer className="border-t border-line px-4 py-1.5 text-xs text-muted" aria-hidden="true">
        {footerText(panel)}
      </footer>
      <FileDialogs panel={panel} />
    </div>
  )
}

/** The footer's one line: what state the text is in, most pressing first. */
function footerText({ readOnly, draft, status }: FilePanelState): string {
  if (readOnly) return 'Read-only: first part of a file too large to edit'
  if (draft.deleted) return 'Not on disk · Save puts your draft back as the file'
  if (draft.conflict) return 'Unsaved changes · the file changed on disk: compare before saving'
  if (draft.dirty) return 'Unsaved changes · kept when you switch files · Ctrl/Cmd+S to save'
  return status || 'Saved on disk'
}
