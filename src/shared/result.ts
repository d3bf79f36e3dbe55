/**
 * What every bridge call answers: a plain object, never a thrown Error (Electron carries only
 * an Error's message across IPC, and the renderer must never see a stack or a token).
 */
export interface BridgeError {
  message: string
  status?: number
  /** A reason the renderer acts on, e.g. password_change_required. */
  code?: string
  /** The values the server's message names, for a translation of its code to name them too. */
  params?: Record<string, string | number>
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: BridgeError }

export const success = <T>(data: T): Result<T> => ({ ok: true, data })
export const failure = (
  message: string,
  status?: number,
  code?: string,
  params?: BridgeError['params'],
): Result<never> => ({
  ok: false,
  error: {
    message,
    ...(status === undefined ? {} : { status }),
    ...(code === undefined ? {} : { code }),
    ...(params === undefined ? {} : { params }),
  },
})
