import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  avatarSchema,
  EmailCodeType,
  emailCodeRequestSchema,
  emailCodeSchema,
  isSameSitePath,
  loginSchema,
  nicknameSchema,
  passwordChangeSchema,
  passwordPolicyMessage,
  passwordSchema,
  phoneSchema,
  profileSchema,
  registerSchema,
  replaceEmailSchema,
  resetPasswordSchema,
  Sex,
  wechatSchema,
  wechatUpdateSchema,
} from '../../src/domain/account.ts'
import { addressSchema, addressUpdateSchema } from '../../src/domain/address.ts'
import { isCalendarDate } from '../../src/domain/dates.ts'
import { favouriteListQuery, orderListQuery, productListQuery } from '../../src/domain/list-queries.ts'
import { ORDER_STATUSES } from '../../src/domain/order-status.ts'
import { ValidationMessage } from '../../src/domain/validation-messages.ts'

/** Each issue as a 400 would name it (server/http/validate.ts): `${dotPath}: ${message}`. */
function problems(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input)
  return result.success
    ? []
    : result.issues.map((issue) => `${v.getDotPath(issue) ?? 'body'}: ${issue.message}`)
}
/** The 400 msg: the first issue. */
const firstProblem = (schema: v.GenericSchema, input: unknown) => problems(schema, input)[0]

const POLICY = passwordPolicyMessage
const GOOD_PASSWORD = 'Abcdef1!'

describe('validation messages', () => {
  it('are distinct, so the client can map each phrase to one translation', () => {
    const phrases = Object.values(ValidationMessage)
    expect(new Set(phrases).size).toBe(phrases.length)
  })

  it('keep the spec wording and the password policy phrase', () => {
    expect(ValidationMessage.passwordMismatch).toBe('Passwords do not match')
    expect(ValidationMessage.messagingAccountEmpty).toBe('the messaging account cannot be empty')
    expect(passwordPolicyMessage).toBe(ValidationMessage.passwordPolicy)
  })
})

describe('password policy', () => {
  it.each([
    [7, 'Abcde1!', false],
    [8, 'Abcdef1!', true],
    [16, 'Abcdefghijk1!xyz', true],
    [17, 'Abcdefghijk1!xyzw', false],
  ])('%i characters (%s) pass: %s', (length, password, ok) => {
    expect(password).toHaveLength(length)
    expect(v.safeParse(passwordSchema, password).success).toBe(ok)
  })

  it('needs upper case, lower case, a digit and an allowed special', () => {
    for (const special of '!@#$%&*.,?') expect(v.is(passwordSchema, `Abcdef1${special}`), special).toBe(true)
    for (const weak of [
      'abcdef1!',
      'ABCDEF1!',
      'Abcdefg!',
      'Abcdefg1',
      'Abcdef1^',
      'Abcdef1 !',
      'Abcdéf1!',
    ]) {
      expect(problems(passwordSchema, weak), weak).toContain(`body: ${POLICY}`)
    }
  })
})

describe('e-mail code', () => {
  it.each([
    ['12345', false],
    ['123456', true],
    ['1234567', false],
    ['12345a', false],
    ['', false],
  ])('%s passes: %s', (code, ok) => {
    expect(v.safeParse(emailCodeSchema, code).success).toBe(ok)
  })

  it('trims and reads full-width digits', () => {
    expect(v.parse(emailCodeSchema, ' 012345 ')).toBe('012345')
    expect(v.parse(emailCodeSchema, '０１２３４５')).toBe('012345')
  })

  it('says what is wrong', () => {
    expect(firstProblem(emailCodeSchema, '')).toBe('body: is required')
    expect(firstProblem(emailCodeSchema, '12345')).toBe('body: must be the 6-digit code from the e-mail')
    // A number would lose a leading zero, so only text is taken.
    expect(firstProblem(emailCodeSchema, 123456)).toBe('body: must be the 6-digit code from the e-mail')
  })

  it('is requested for one of three purposes, in zhCn unless told', () => {
    expect(
      v.parse(emailCodeRequestSchema, { type: EmailCodeType.register, username: ' Erin@Example.COM ' }),
    ).toEqual({ type: 1, username: 'erin@example.com', language: 'zhCn' })
    expect(v.parse(emailCodeRequestSchema, { type: 3, username: 'a@b.co', language: 'ja' }).language).toBe(
      'ja',
    )
    for (const type of [0, 4, '1', null]) {
      expect(firstProblem(emailCodeRequestSchema, { type, username: 'a@b.co' }), String(type)).toMatch(
        /^type: /,
      )
    }
    expect(firstProblem(emailCodeRequestSchema, { type: 2, username: 'a@b.co', language: 'fr' })).toMatch(
      /^language: /,
    )
    expect(firstProblem(emailCodeRequestSchema, { type: 2, username: 'not-an-address' })).toBe(
      'username: must be a valid e-mail address',
    )
    expect(firstProblem(emailCodeRequestSchema, { username: 'a@b.co' })).toBe('type: is required')
  })
})

describe('nickname, phone and messaging account', () => {
  it('nickname: required, trimmed, 1–32 characters', () => {
    expect(v.parse(nicknameSchema, '  Erin  ')).toBe('Erin')
    expect(v.parse(nicknameSchema, 'x'.repeat(32))).toHaveLength(32)
    expect(firstProblem(nicknameSchema, 'x'.repeat(33))).toBe('body: must be 1–32 characters')
    expect(firstProblem(nicknameSchema, '   ')).toBe('body: is required')
    expect(firstProblem(nicknameSchema, null)).toBe('body: is required')
  })

  it.each([
    '+81 3-1234-5678',
    '(02) 1234 5678',
    '13812345678',
    '123456',
    '+123456789012345',
    '０９０－１２３４－５６７８', // full-width, as a Japanese input method types it
  ])('phone %s is accepted', (phone) => {
    expect(v.safeParse(phoneSchema, phone).success).toBe(true)
  })

  it.each([
    '12345', // 5 digits
    '+1234567890123456', // 16 digits
    '++81 3 1234 5678',
    '81+3 1234 5678',
    '+81 3 1234 5678 ext 9',
    '03.1234.5678',
    'phone',
    '+',
  ])('phone %s is rejected', (phone) => {
    expect(firstProblem(phoneSchema, phone)).toBe('body: must be a valid phone number')
  })

  it('phone: keeps the number as written, trimmed', () => {
    expect(v.parse(phoneSchema, '  +81 (3) 1234-5678 ')).toBe('+81 (3) 1234-5678')
    expect(firstProblem(phoneSchema, '')).toBe('body: is required')
  })

  it('phone: 6 to 15 digits, with separators between them, pass', () => {
    const separated = fc
      .array(fc.tuple(fc.stringMatching(/^\d$/), fc.constantFrom('', ' ', '-')), {
        minLength: 6,
        maxLength: 15,
      })
      .map((parts) => parts.map(([digit, separator]) => digit + separator).join(''))
    fc.assert(
      fc.property(separated, fc.boolean(), (number, plus) => v.is(phoneSchema, (plus ? '+' : '') + number)),
    )
  })

  it('messaging account: empty is the spec message, at most 64 characters', () => {
    expect(v.parse(wechatSchema, ' erin_wx ')).toBe('erin_wx')
    expect(v.is(wechatSchema, 'w'.repeat(64))).toBe(true)
    expect(firstProblem(wechatSchema, 'w'.repeat(65))).toBe('body: must be at most 64 characters')
    for (const empty of ['', '   ', null]) {
      expect(firstProblem(wechatSchema, empty)).toBe('body: the messaging account cannot be empty')
    }
    expect(v.parse(wechatUpdateSchema, { wechat: 'erin_wx' })).toEqual({ wechat: 'erin_wx' })
    expect(problems(wechatUpdateSchema, {})).toEqual(['wechat: the messaging account cannot be empty'])
    expect(problems(wechatUpdateSchema, { wechat: '' })).toEqual([
      'wechat: the messaging account cannot be empty',
    ])
  })
})

describe('avatar', () => {
  it('must be under 2 MB: one byte less passes, exactly 2 MB does not', () => {
    expect(AVATAR_MAX_BYTES).toBe(2_097_152)
    expect(v.is(avatarSchema, { size: AVATAR_MAX_BYTES - 1, type: 'image/png' })).toBe(true)
    expect(problems(avatarSchema, { size: AVATAR_MAX_BYTES, type: 'image/png' })).toEqual([
      'size: must be smaller than 2 MB',
    ])
    expect(problems(avatarSchema, { size: 0, type: 'image/png' })).toEqual([
      'size: must not be an empty file',
    ])
    expect(problems(avatarSchema, { size: 1.5, type: 'image/png' })).toEqual([
      'size: must be a file size in bytes',
    ])
  })

  it('must be a JPEG, PNG, WebP or GIF image', () => {
    expect(AVATAR_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
    for (const type of AVATAR_TYPES) expect(v.is(avatarSchema, { size: 1000, type }), type).toBe(true)
    for (const type of ['image/svg+xml', 'image/bmp', 'image/heic', 'IMAGE/PNG', 'application/pdf', '']) {
      expect(problems(avatarSchema, { size: 1000, type }), type).toEqual([
        'type: must be a JPEG, PNG, WebP or GIF image',
      ])
    }
  })

  it('takes a browser File or Blob as it is', () => {
    expect(v.parse(avatarSchema, new Blob(['GIF89a'], { type: 'image/gif' }))).toEqual({
      size: 6,
      type: 'image/gif',
    })
    expect(v.is(avatarSchema, new Blob(['<svg/>'], { type: 'image/svg+xml' }))).toBe(false)
  })
})

describe('register', () => {
  const valid = { username: 'Erin@Example.com', password: GOOD_PASSWORD, nickname: 'Erin', code: '123456' }

  it('accepts the required fields and fills the language', () => {
    expect(v.parse(registerSchema, valid)).toEqual({
      username: 'erin@example.com',
      password: GOOD_PASSWORD,
      nickname: 'Erin',
      code: '123456',
      language: 'zhCn',
    })
  })

  it('takes telephone and messaging account when given, and treats blank or null as not given', () => {
    const full = { ...valid, telephone: '+852 1234 5678', wechat: 'erin_wx', language: 'en' }
    expect(v.parse(registerSchema, full)).toMatchObject({
      telephone: '+852 1234 5678',
      wechat: 'erin_wx',
      language: 'en',
    })
    const blank = v.parse(registerSchema, { ...valid, telephone: '  ', wechat: null })
    expect(blank.telephone).toBeUndefined()
    expect(blank.wechat).toBeUndefined()
  })

  it.each([
    [{ ...valid, username: 'erin' }, 'username: must be a valid e-mail address'],
    [{ ...valid, password: 'abcdefgh' }, `password: ${POLICY}`],
    [{ ...valid, nickname: ' ' }, 'nickname: is required'],
    [{ ...valid, telephone: '12-34' }, 'telephone: must be a valid phone number'],
    [{ ...valid, wechat: 'w'.repeat(65) }, 'wechat: must be at most 64 characters'],
    [{ ...valid, code: '12345' }, 'code: must be the 6-digit code from the e-mail'],
    [{ ...valid, language: 'zh-CN' }, 'language: must be one of zhCn, ja, en'],
    [{ password: GOOD_PASSWORD, nickname: 'Erin', code: '123456' }, 'username: is required'],
  ])('rejects %o: %s', (payload, problem) => {
    expect(firstProblem(registerSchema, payload)).toBe(problem)
  })

  it('names every missing field, and a body that is not an object', () => {
    expect(problems(registerSchema, {})).toEqual([
      'username: is required',
      'password: is required',
      'nickname: is required',
      'code: is required',
    ])
    expect(problems(registerSchema, 'username=erin')).toEqual(['body: must be an object'])
    expect(problems(registerSchema, null)).toEqual(['body: must be an object'])
  })
})

describe('login', () => {
  const valid = { username: 'erin@example.com', password: 'old' }

  it('takes any non-empty password, since accounts older than the policy must still log in', () => {
    expect(v.parse(loginSchema, valid)).toEqual(valid)
    expect(firstProblem(loginSchema, { ...valid, password: '' })).toBe('password: is required')
    // Passwords are not trimmed: the spaces are part of it.
    expect(v.parse(loginSchema, { ...valid, password: ' pw ' }).password).toBe(' pw ')
  })

  it('takes an optional 6-digit code', () => {
    expect(v.parse(loginSchema, { ...valid, code: '654321' }).code).toBe('654321')
    expect(v.parse(loginSchema, { ...valid, code: '' }).code).toBeUndefined()
    expect(firstProblem(loginSchema, { ...valid, code: '65432' })).toBe(
      'code: must be the 6-digit code from the e-mail',
    )
  })

  it.each([
    '/',
    '/cart',
    '/product/12?tab=detail#stock',
    '/search?keywords=%E6%89%8B%E5%8A%9E',
    '/search?keywords=手办',
  ])('redirects to the same-site path %s', (redirectUrl) => {
    expect(v.parse(loginSchema, { ...valid, redirectUrl }).redirectUrl).toBe(redirectUrl)
  })

  it.each([
    '//evil.example',
    '//evil.example/cart',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /cart',
    'https://evil.example/',
    'javascript:alert(1)',
    'cart',
    '/ca rt',
    `/${'x'.repeat(2048)}`,
  ])('refuses to redirect to %j (open-redirect guard)', (redirectUrl) => {
    expect(firstProblem(loginSchema, { ...valid, redirectUrl })).toMatch(/^redirectUrl: must be/)
  })

  it('offers the same guard to the client, for a redirect target read from the address bar', () => {
    expect(isSameSitePath('/order/list?status=2')).toBe(true)
    for (const path of ['//evil.example', '/\\evil.example', '/\r/evil.example', '/\u0000x', 'http://x/']) {
      expect(isSameSitePath(path), JSON.stringify(path)).toBe(false)
    }
  })

  it('treats a blank redirect as none', () => {
    expect(v.parse(loginSchema, { ...valid, redirectUrl: '' }).redirectUrl).toBeUndefined()
  })
})

describe('reset password and replace e-mail', () => {
  it('reset: the new password follows the policy and the code is required', () => {
    const valid = { username: 'erin@example.com', password: GOOD_PASSWORD, code: '123456' }
    expect(v.parse(resetPasswordSchema, valid)).toEqual(valid)
    expect(firstProblem(resetPasswordSchema, { ...valid, password: 'Abcde1!' })).toBe(`password: ${POLICY}`)
    expect(firstProblem(resetPasswordSchema, { ...valid, code: undefined })).toBe('code: is required')
  })

  it('replace e-mail: the new address and its code', () => {
    expect(v.parse(replaceEmailSchema, { username: 'New@Example.com', code: '123456' })).toEqual({
      username: 'new@example.com',
      code: '123456',
    })
    expect(firstProblem(replaceEmailSchema, { username: 'new@', code: '123456' })).toBe(
      'username: must be a valid e-mail address',
    )
    expect(firstProblem(replaceEmailSchema, { username: 'new@example.com' })).toBe('code: is required')
  })
})

describe('password change', () => {
  const valid = { password: 'old password', newPassword: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }

  it('accepts a matching confirmation', () => {
    expect(v.parse(passwordChangeSchema, valid)).toEqual(valid)
  })

  it('reports a mismatch on confirmPassword with the spec message', () => {
    expect(problems(passwordChangeSchema, { ...valid, confirmPassword: 'Abcdef1?' })).toEqual([
      'confirmPassword: Passwords do not match',
    ])
    expect(problems(passwordChangeSchema, { ...valid, confirmPassword: '' })).toEqual([
      'confirmPassword: Passwords do not match',
    ])
  })

  it('holds the new password to the policy, but not the current one', () => {
    const weak = { ...valid, newPassword: 'weakpass', confirmPassword: 'weakpass' }
    expect(new Set(problems(passwordChangeSchema, weak))).toEqual(new Set([`newPassword: ${POLICY}`]))
    expect(problems(passwordChangeSchema, { ...valid, password: 'x' })).toEqual([])
    expect(problems(passwordChangeSchema, { ...valid, password: '' })).toEqual(['password: is required'])
  })

  it('names a missing confirmation as missing', () => {
    expect(problems(passwordChangeSchema, { password: 'old', newPassword: GOOD_PASSWORD })).toEqual([
      'confirmPassword: is required',
    ])
  })
})

describe('profile (base info)', () => {
  it('accepts nickname alone, sex unknown by default', () => {
    expect(v.parse(profileSchema, { nickname: 'Erin' })).toEqual({ nickname: 'Erin', sex: Sex.unknown })
  })

  it('takes sex 0, 1 or 2 only', () => {
    for (const sex of [0, 1, 2]) expect(v.parse(profileSchema, { nickname: 'Erin', sex }).sex).toBe(sex)
    for (const sex of [3, -1, '1', true, null]) {
      expect(firstProblem(profileSchema, { nickname: 'Erin', sex }), String(sex)).toBe(
        'sex: must be 0 (unknown), 1 (male) or 2 (female)',
      )
    }
  })

  it.each([
    ['2024-02-29', undefined],
    ['1900-01-01', undefined],
    ['2100-12-31', undefined],
    ['2023-02-29', 'birthday: must be a real date written YYYY-MM-DD'],
    ['2024-04-31', 'birthday: must be a real date written YYYY-MM-DD'],
    ['2024-13-01', 'birthday: must be a real date written YYYY-MM-DD'],
    ['2024-2-1', 'birthday: must be a real date written YYYY-MM-DD'],
    ['2024/02/01', 'birthday: must be a real date written YYYY-MM-DD'],
    ['1899-12-31', 'birthday: must be a date from 1900-01-01 to 2100-12-31'],
    ['2101-01-01', 'birthday: must be a date from 1900-01-01 to 2100-12-31'],
  ])('birthday %s: %s', (birthday, problem) => {
    expect(firstProblem(profileSchema, { nickname: 'Erin', birthday })).toBe(problem)
  })

  it('treats a blank birthday or telephone as none', () => {
    expect(v.parse(profileSchema, { nickname: 'Erin', birthday: '', telephone: '' })).toEqual({
      nickname: 'Erin',
      sex: 0,
    })
    expect(firstProblem(profileSchema, { nickname: 'Erin', telephone: '110' })).toBe(
      'telephone: must be a valid phone number',
    )
  })

  it('calendar dates agree with the calendar', () => {
    const parts = fc.tuple(
      fc.integer({ min: 1000, max: 9999 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    fc.assert(
      fc.property(parts, ([year, month, day]) => {
        const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
        const date = new Date(Date.UTC(year, month - 1, day))
        const real = month >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
        return isCalendarDate(text) === real
      }),
    )
  })
})

describe('address', () => {
  const valid = {
    firstName: ' Erin ',
    lastName: 'Lee',
    telephone: '+1 (212) 555-0100',
    postCode: '10001',
    country: '美国',
    address: '350 Fifth Avenue',
  }

  it('accepts the required fields; flags default to 0 and the rest to none', () => {
    expect(v.parse(addressSchema, valid)).toEqual({
      ...valid,
      firstName: 'Erin',
      acquiescent: 0,
      isBill: 0,
    })
  })

  it('accepts every field of the spec', () => {
    const full = {
      ...valid,
      id: 7,
      firstName: 'Erin',
      nameEn: 'Erin Lee',
      countryEn: 'United States',
      province: '纽约州',
      provinceEn: 'New York',
      city: '纽约',
      cityEn: 'New York',
      district: '曼哈顿',
      districtEn: 'Manhattan',
      shopName: '店',
      shopNameEn: 'Shop',
      addressEn: '350 Fifth Avenue',
      acquiescent: 1,
      isBill: 1,
    }
    expect(v.parse(addressSchema, full)).toEqual(full)
  })

  it('takes the flags as the numbers 0 or 1 only', () => {
    for (const flag of [0, 1]) {
      expect(v.parse(addressSchema, { ...valid, acquiescent: flag, isBill: flag })).toMatchObject({
        acquiescent: flag,
        isBill: flag,
      })
    }
    for (const flag of [true, false, '1', '0', 2, null]) {
      expect(problems(addressSchema, { ...valid, acquiescent: flag, isBill: flag }), String(flag)).toEqual([
        'acquiescent: must be 0 or 1',
        'isBill: must be 0 or 1',
      ])
    }
  })

  it.each([
    [{ firstName: 'x'.repeat(50) }, undefined],
    [{ firstName: 'x'.repeat(51) }, 'firstName: must be at most 50 characters'],
    [{ lastName: '  ' }, 'lastName: is required'],
    [{ address: 'x'.repeat(200) }, undefined],
    [{ address: 'x'.repeat(201) }, 'address: must be at most 200 characters'],
    [{ addressEn: 'x'.repeat(201) }, 'addressEn: must be at most 200 characters'],
    [{ province: 'x'.repeat(100) }, undefined],
    [{ city: 'x'.repeat(101) }, 'city: must be at most 100 characters'],
    [{ shopNameEn: 42 }, 'shopNameEn: must be text'],
    [{ postCode: 'SW1A 1AA' }, undefined],
    [{ postCode: '100-0001' }, undefined],
    [{ postCode: '１００－０００１' }, undefined],
    [{ postCode: '100_0001' }, 'postCode: must be at most 16 letters, digits, spaces or hyphens'],
    [{ postCode: '1'.repeat(17) }, 'postCode: must be at most 16 letters, digits, spaces or hyphens'],
    [{ postCode: '' }, 'postCode: is required'],
    [{ telephone: 'none' }, 'telephone: must be a valid phone number'],
    [{ country: 'United States' }, "country: must be one of the shop's countries and regions"],
    [{ country: '日本' }, "country: must be one of the shop's countries and regions"],
    [{ id: 0 }, 'id: must be a positive whole number'],
    [{ id: 1.5 }, 'id: must be a positive whole number'],
    [{ id: '3' }, 'id: must be a positive whole number'],
  ])('%o: %s', (change, problem) => {
    expect(firstProblem(addressSchema, { ...valid, ...change })).toBe(problem)
  })

  it('needs the id to update', () => {
    expect(v.parse(addressUpdateSchema, { ...valid, id: 3 }).id).toBe(3)
    expect(problems(addressUpdateSchema, valid)).toEqual(['id: is required'])
    expect(problems(addressUpdateSchema, { ...valid, id: null })).toEqual(['id: is required'])
  })

  it('names each missing required field', () => {
    expect(problems(addressSchema, {})).toEqual([
      'firstName: is required',
      'lastName: is required',
      'telephone: is required',
      'postCode: is required',
      'country: is required',
      'address: is required',
    ])
  })
})

describe('product list query', () => {
  it('defaults to page 1 of 30, zhCn, all categories and all types', () => {
    expect(v.parse(productListQuery, {})).toEqual({
      pageNum: 1,
      pageSize: 30,
      language: 'zhCn',
      category: 0,
      type: 0,
    })
  })

  it('reads the filters from query strings; empty means not given', () => {
    expect(
      v.parse(productListQuery, {
        pageNum: '2',
        pageSize: '100',
        language: 'ja',
        category: '12',
        series: '3',
        keywords: '  初音ミク ',
        type: '9',
      }),
    ).toEqual({
      pageNum: 2,
      pageSize: 100,
      language: 'ja',
      category: 12,
      series: 3,
      keywords: '初音ミク',
      type: 9,
    })
    expect(v.parse(productListQuery, { category: '', series: '', keywords: '', type: '' })).toEqual({
      pageNum: 1,
      pageSize: 30,
      language: 'zhCn',
      category: 0,
      series: undefined,
      keywords: undefined,
      type: 0,
    })
    expect(v.parse(productListQuery, { keywords: '   ' }).keywords).toBeUndefined()
    expect(v.parse(productListQuery, { keywords: 'k'.repeat(100) }).keywords).toHaveLength(100)
  })

  it.each([
    [{ pageSize: '101' }, 'pageSize'],
    [{ pageNum: '0' }, 'pageNum'],
    [{ category: '-1' }, 'category'],
    [{ category: 'figures' }, 'category'],
    [{ series: '0' }, 'series'],
    [{ series: '2.5' }, 'series'],
    [{ keywords: 'k'.repeat(101) }, 'keywords'],
    [{ type: '10' }, 'type'],
    [{ type: 'all' }, 'type'],
    [{ type: ['1', '2'] }, 'type'],
    [{ language: 'cn' }, 'language'],
  ])('rejects %o, naming %s', (query, field) => {
    expect(firstProblem(productListQuery, query)?.split(':')[0]).toBe(field)
  })

  it('takes every product type code 0–9', () => {
    for (let type = 0; type <= 9; type++) {
      expect(v.parse(productListQuery, { type: String(type) }).type).toBe(type)
    }
    expect(firstProblem(productListQuery, { type: '10' })).toBe('type: must be a product type from 0 to 9')
  })
})

describe('order list query', () => {
  it('defaults to page 1 of 30 with no filter', () => {
    expect(v.parse(orderListQuery, {})).toEqual({ pageNum: 1, pageSize: 30 })
  })

  it('filters by any status of the order table', () => {
    for (const status of ORDER_STATUSES) {
      expect(v.parse(orderListQuery, { status: String(status) }).status).toBe(status)
    }
    for (const status of ['13', '14', '17', '-1', 'waitPay', '2.0']) {
      expect(firstProblem(orderListQuery, { status }), status).toBe(
        'status: must be one of the order status codes',
      )
    }
  })

  it('filters by order id and an inclusive date range', () => {
    expect(
      v.parse(orderListQuery, {
        orderId: '42',
        startDate: '2024-05-01',
        endDate: '2024-05-01',
        pageSize: '100',
      }),
    ).toEqual({ pageNum: 1, pageSize: 100, orderId: 42, startDate: '2024-05-01', endDate: '2024-05-01' })
    expect(v.parse(orderListQuery, { startDate: '2024-05-01' }).endDate).toBeUndefined()
    expect(v.parse(orderListQuery, { endDate: '2024-05-01', startDate: '' }).startDate).toBeUndefined()
  })

  it.each([
    [{ orderId: '0' }, 'orderId: must be a whole number from 1 to 999999999'],
    [{ orderId: 'A100' }, 'orderId: must be a whole number from 1 to 999999999'],
    [{ startDate: '2023-02-29' }, 'startDate: must be a real date written YYYY-MM-DD'],
    [{ endDate: '20240501' }, 'endDate: must be a real date written YYYY-MM-DD'],
    [{ startDate: '2024-05-02', endDate: '2024-05-01' }, 'endDate: must not be before the start date'],
    [{ pageSize: '101' }, 'pageSize: must be a whole number from 1 to 100'],
  ])('rejects %o: %s', (query, problem) => {
    expect(problems(orderListQuery, query)).toEqual([problem])
  })
})

describe('favourite list query', () => {
  it('pages from 1 with 30 a page, up to 100', () => {
    expect(v.parse(favouriteListQuery, {})).toEqual({ pageNum: 1, pageSize: 30, language: 'zhCn' })
    expect(v.parse(favouriteListQuery, { pageSize: '100' }).pageSize).toBe(100)
    expect(firstProblem(favouriteListQuery, { pageSize: '101' })).toMatch(/^pageSize: /)
  })
})
