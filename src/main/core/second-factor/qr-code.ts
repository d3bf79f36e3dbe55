import QRCode from 'qrcode'
import type { EnrolmentSecret } from '@shared/contract'
import type { EnrolmentView } from '@shared/bridge'

/**
 * What the renderer shows of a new factor: the secret as text and its otpauth:// URI as a QR
 * code (an SVG data URL, which the renderer's policy allows as an image). Made here, so the
 * renderer needs no QR library; nothing of it is logged.
 */
export async function enrolmentView(secret: EnrolmentSecret): Promise<EnrolmentView> {
  const svg = await QRCode.toString(secret.otpauthUri, { type: 'svg', margin: 2 })
  return {
    secret: secret.secret,
    otpauthUri: secret.otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  }
}
