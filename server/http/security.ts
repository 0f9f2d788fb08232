import { secureHeaders } from 'hono/secure-headers'
import type { PaymentDeps } from '../app-env.ts'

/**
 * Security headers for every response. The CSP allows no inline script: the built PWA loads only
 * its own hashed modules. Images may be data: URLs (icons) or blob: URLs (avatar previews). Forms post
 * to the shop, and to SB Payment Service's purchase endpoint when it is configured (its link-type form
 * page posts there); read per request, as the providers' settings are. Pictures may also come from
 * MEDIA_PUBLIC_URL's origin (a CDN in front of the media store) when it is set.
 * HSTS is sent only when the shop's public address is https: a plain-HTTP install (localhost, a test
 * box) must keep working over HTTP.
 */
export const securityHeaders = (
  payments: Pick<PaymentDeps, 'providers'>,
  publicUrl: string,
  mediaOrigin?: string,
) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...(mediaOrigin ? [mediaOrigin] : [])],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", () => sbpsOrigin(payments)],
      frameAncestors: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    // The shop uses none of the powerful features; pages and frames may not ask for them either.
    permissionsPolicy: {
      accelerometer: [],
      camera: [],
      geolocation: [],
      gyroscope: [],
      magnetometer: [],
      microphone: [],
      payment: [],
      usb: [],
      browsingTopics: [],
    },
    strictTransportSecurity: publicUrl.startsWith('https:') ? HSTS : false,
  })

/** Two years with subdomains (the shop is served over https only, its address says so). */
const HSTS = 'max-age=63072000; includeSubDomains'

function sbpsOrigin(payments: Pick<PaymentDeps, 'providers'>): string {
  const base = payments.providers.sbps?.apiBase
  return base ? new URL(base).origin : ''
}
