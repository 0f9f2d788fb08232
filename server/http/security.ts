import { secureHeaders } from 'hono/secure-headers'

/**
 * Security headers for every response. The CSP allows no inline script: the built PWA loads only
 * its own hashed modules. Images may be data: URLs (icons) or blob: URLs (avatar previews).
 */
export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Plain-HTTP installs (localhost) must keep working, so HSTS is left to the TLS terminator.
    strictTransportSecurity: false,
  })
