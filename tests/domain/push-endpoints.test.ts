import { describe, expect, it } from 'vitest'
import { isAllowedPushEndpoint } from '../../src/domain/push.ts'

describe('the push endpoint allowlist (no server-side request forgery)', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA',
    'https://android.googleapis.com/gcm/send/dGVzdA',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://api.push.apple.com/3/device/abc',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://FCM.googleapis.com/fcm/send/upper-case-host',
    'https://fcm.googleapis.com:443/fcm/send/explicit-default-port',
  ])('accepts the browsers’ push service at %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, [])).toBe(true)
  })

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/x'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/x'],
    ['a user name', 'https://someone@fcm.googleapis.com/fcm/send/x'],
    ['a user and password', 'https://user:secret@fcm.googleapis.com/fcm/send/x'],
    ['a look-alike suffix', 'https://fcm.googleapis.com.evil.example/x'],
    ['a look-alike prefix', 'https://evilfcm.googleapis.com/x'],
    ['the bare domain of a wildcard', 'https://push.apple.com/x'],
    ['a host that only ends like a wildcard', 'https://evilpush.apple.com/x'],
    ['a private address', 'https://169.254.169.254/latest/meta-data'],
    ['loopback', 'https://127.0.0.1/x'],
    ['not a URL', 'fcm.googleapis.com/fcm/send/x'],
    ['another scheme', 'wss://fcm.googleapis.com/x'],
  ])('refuses %s', (_, endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, [])).toBe(false)
  })

  it('adds exactly the host:port entries of PUSH_ENDPOINT_HOSTS, over https only', () => {
    const extra = ['127.0.0.1:8443', 'Push.Test:443']
    expect(isAllowedPushEndpoint('https://127.0.0.1:8443/push/a', extra)).toBe(true)
    expect(isAllowedPushEndpoint('https://push.test/push/a', extra)).toBe(true)
    expect(isAllowedPushEndpoint('https://push.test:443/push/a', extra)).toBe(true)
    expect(isAllowedPushEndpoint('https://127.0.0.1:8444/push/a', extra)).toBe(false)
    expect(isAllowedPushEndpoint('https://127.0.0.1/push/a', extra)).toBe(false)
    expect(isAllowedPushEndpoint('https://localhost:8443/push/a', extra)).toBe(false)
    expect(isAllowedPushEndpoint('https://a.push.test/push/a', extra)).toBe(false)
    expect(isAllowedPushEndpoint('http://127.0.0.1:8443/push/a', extra)).toBe(false)
    expect(isAllowedPushEndpoint('https://user:pw@127.0.0.1:8443/push/a', extra)).toBe(false)
  })

  it('lets an extra entry name a known push service on another port, and only that port', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com:8443/x', ['fcm.googleapis.com:8443'])).toBe(true)
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com:9443/x', ['fcm.googleapis.com:8443'])).toBe(
      false,
    )
  })
})
