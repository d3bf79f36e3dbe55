import { PRODUCT_NAME } from '../lib/product'

/**
 * What a page shows when opened outside the app (a browser, a second tab): it has no bridge to
 * the server, so it says so instead of staying blank.
 */
export function NoBridgePage() {
  return (
    <main className="login">
      <section className="login-card">
        <h1>Open this page from the {PRODUCT_NAME} app</h1>
        <p>
          This page cannot reach the server on its own: it must be opened from the {PRODUCT_NAME}{' '}
          app, which signs you in and talks to the server for it.
        </p>
        <p>Close this page and start {PRODUCT_NAME}, or switch to its window.</p>
      </section>
    </main>
  )
}
