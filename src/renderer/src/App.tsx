/** Placeholder until the screens of SPEC.md section 2 arrive. */
export function App() {
  return (
    <main>
      <h1>Admin Console</h1>
      <p>The console screens are on their way.</p>
    </main>
  )
}
