/** Scroll to a message (a search hit, a link); `n` makes a repeat of the same jump count. */
export interface JumpRequest {
  messageId: string
  n: number
}
