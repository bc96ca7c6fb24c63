/**
 * The end-to-end specs point an unpackaged build at the fake Anthropic server. A packaged app
 * ignores the variable: its fuses already refuse NODE_OPTIONS, and the environment must not be
 * able to send the API key elsewhere either.
 */
export function anthropicOverride(
  packaged: boolean,
  env: NodeJS.ProcessEnv
): { anthropic?: { baseURL: string } } {
  const url = env.CAIRN_ANTHROPIC_BASE_URL?.trim()
  if (packaged || !url) return {}
  return /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(url)
    ? { anthropic: { baseURL: url } }
    : {}
}
