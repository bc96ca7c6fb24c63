export function App() {
  return <main>Cairn</main>
}
