import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { followSession } from './features/auth'
import { applyTheme, storedTheme } from './lib/theme'
import './app/styles.css'

// Before the first paint, so a dark theme never flashes light.
applyTheme(storedTheme())
followSession()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
