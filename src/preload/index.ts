import { contextBridge, ipcRenderer } from 'electron'
import {
  IPC_EVENT_CHANNEL,
  createBridge,
  ipcChannel,
  type BridgeEvent,
  type Invoke,
  type Subscribe,
} from '@shared/bridge'

/** Typed admin operations, and nothing else: no raw ipcRenderer reaches the page. */
const invoke: Invoke = (channel, input) => ipcRenderer.invoke(ipcChannel(channel), input)
const subscribe: Subscribe = (listener) => {
  const forward = (_event: unknown, event: BridgeEvent) => listener(event)
  ipcRenderer.on(IPC_EVENT_CHANNEL, forward)
  return () => ipcRenderer.removeListener(IPC_EVENT_CHANNEL, forward)
}

contextBridge.exposeInMainWorld('admin', createBridge(invoke, subscribe))
