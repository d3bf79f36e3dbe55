import { useEffect, useState } from 'react'
import type { AppInfo } from '../../../shared/bridge'
import { admin } from './bridge'

/** The host's facts (server address and who set it, keychain, version), once loaded. */
export function useAppInfo(): AppInfo | undefined {
  const [info, setInfo] = useState<AppInfo>()
  useEffect(() => {
    void admin()
      .app.info()
      .then((result) => result.ok && setInfo(result.data))
  }, [])
  return info
}
