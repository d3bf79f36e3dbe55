import { z } from 'zod'

const savedSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(800).max(10_000),
  height: z.number().int().min(600).max(10_000),
  maximized: z.boolean().optional(),
})
export type WindowState = z.infer<typeof savedSchema>

export interface Rectangle {
  x: number
  y: number
  width: number
  height: number
}

/** A display as Electron's screen module describes it: what windows may cover. */
export interface Display {
  workArea: Rectangle
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1366, height: 768 }

/** How much of a window must lie on a display for it to be reached with the mouse. */
const MIN_VISIBLE = { width: 200, height: 100 }

/** The remembered window state; anything unreadable falls back to the default. */
export function parseWindowState(text: string | undefined): WindowState {
  if (!text) return DEFAULT_WINDOW_STATE
  try {
    return savedSchema.parse(JSON.parse(text))
  } catch {
    return DEFAULT_WINDOW_STATE
  }
}

const overlap = (a: Rectangle, b: Rectangle) => ({
  width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
  height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
})

/**
 * Where the window opens: where it was, if that place is still on a display (a monitor may have
 * been unplugged since), else centred by the OS; never larger than the display it lands on.
 */
export function placeWindow(state: WindowState, displays: readonly Display[]): WindowState {
  const { x, y, width, height, maximized } = state
  const onDisplay =
    x === undefined || y === undefined
      ? undefined
      : displays.find((display) => {
          const visible = overlap({ x, y, width, height }, display.workArea)
          return visible.width >= MIN_VISIBLE.width && visible.height >= MIN_VISIBLE.height
        })
  const area = (onDisplay ?? displays[0])?.workArea
  const size = area
    ? { width: Math.min(width, area.width), height: Math.min(height, area.height) }
    : { width, height }
  const position = onDisplay ? { x, y } : {}
  return { ...position, ...size, ...(maximized ? { maximized } : {}) }
}
