import { ipcMain, type WebFrameMain } from 'electron'
import { channels, ipcChannel } from '../../shared/bridge'
import { failure } from '../../shared/result'
import type { Core } from '../core'
import type { Log } from '../core/log/rotating-log'

export const REFUSED_SENDER = 'Refused: not the console window'

/**
 * One IPC handler per bridge operation. A call is served only when `mayCall` accepts the frame
 * it came from; anything else is refused before the core, and so the server, sees it.
 */
export function exposeCore(core: Core, mayCall: (frame: WebFrameMain | null) => boolean, log: Log) {
  for (const channel of channels) {
    ipcMain.handle(ipcChannel(channel), (event, payload: unknown) => {
      if (mayCall(event.senderFrame)) return core.handle(channel, payload)
      log.error(`Refused ${channel} from ${event.senderFrame?.url ?? 'a frame that is gone'}`)
      return failure(REFUSED_SENDER)
    })
  }
}
