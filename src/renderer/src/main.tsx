import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { NoBridgePage } from './app/NoBridgePage'
import { followSession } from './features/auth'
import { bridgeAvailable } from './lib/bridge'
import { startBrowserLanguage, startLanguage } from './lib/language'
import { LocaleProvider } from './lib/text'
import { applyTheme, storedTheme } from './lib/theme'
import './app/styles.css'

const root = createRoot(document.getElementById('root')!)
if (bridgeAvailable()) {
  // Before the first paint, so a dark theme never flashes light.
  applyTheme(storedTheme())
  followSession()
  // The language first too: no screen is drawn in one language, then another.
  void startLanguage().then(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
} else {
  void startBrowserLanguage().then(() =>
    root.render(
      <LocaleProvider>
        <NoBridgePage />
      </LocaleProvider>,
    ),
  )
}
