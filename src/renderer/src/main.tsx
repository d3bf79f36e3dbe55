import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { NoBridgePage } from './app/NoBridgePage'
import { followSession } from './features/auth'
import { bridgeAvailable } from './lib/bridge'
import { applyTheme, storedTheme } from './lib/theme'
import './app/styles.css'

const root = createRoot(document.getElementById('root')!)
if (bridgeAvailable()) {
  // Before the first paint, so a dark theme never flashes light.
  applyTheme(storedTheme())
  followSession()
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
} else {
  root.render(<NoBridgePage />)
}
