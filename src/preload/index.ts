import { contextBridge } from 'electron'

/** The typed admin bridge replaces this placeholder with the main-process core. */
contextBridge.exposeInMainWorld('admin', { version: 1 })
