// Vite's `?raw` suffix imports a file's text (used by a test that reads the e2e page object).
declare module '*?raw' {
  const text: string
  export default text
}
