import { PRODUCT_NAME } from '../lib/product'
import { useText } from '../lib/text'

/**
 * What a page shows when opened outside the app (a browser, a second tab): it has no bridge to
 * the server, so it says so instead of staying blank.
 */
export function NoBridgePage() {
  const t = useText()
  const product = { product: PRODUCT_NAME }
  return (
    <main className="login">
      <section className="login-card">
        <h1>{t('noBridge.title', product)}</h1>
        <p>{t('noBridge.reason', product)}</p>
        <p>{t('noBridge.next', product)}</p>
      </section>
    </main>
  )
}
