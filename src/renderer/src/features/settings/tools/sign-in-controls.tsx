import type { McpServerView } from '@shared/mcp/channels'

/** What a remote server's row can do about its sign-in (OAuth, in the system browser). */
export interface SignInActions {
  signIn(id: string): void
  cancelSignIn(id: string): void
  signOut(id: string): void
}

/** Sign in when the server wants it, Cancel while the browser is open, Sign out once signed in. */
export function SignInButtons({
  server,
  actions
}: {
  server: McpServerView
  actions: SignInActions
}) {
  const { signIn } = server
  if (!signIn) return null
  if (signIn.state === 'waiting')
    return (
      <button
        type="button"
        className="button button--quiet"
        onClick={() => actions.cancelSignIn(server.id)}
      >
        Cancel sign-in
      </button>
    )
  return (
    <>
      {server.enabled && server.status.state === 'needs-sign-in' ? (
        <button type="button" className="button" onClick={() => actions.signIn(server.id)}>
          Sign in
        </button>
      ) : null}
      {signIn.state === 'signed-in' ? (
        <button
          type="button"
          className="button button--quiet"
          onClick={() => actions.signOut(server.id)}
        >
          Sign out
        </button>
      ) : null}
    </>
  )
}

/** While the browser is open, and why the last sign-in did not finish. */
export function SignInNote({ server }: { server: McpServerView }) {
  const { signIn } = server
  if (signIn?.state === 'waiting')
    return (
      <p role="status" className="text-sm text-muted">
        Finish signing in to {server.name} in your browser; Cairn connects once you are back.
      </p>
    )
  if (signIn?.problem)
    return (
      <p role="alert" className="text-sm text-danger">
        {signIn.problem}
      </p>
    )
  return null
}
